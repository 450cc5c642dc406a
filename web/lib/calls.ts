// The call map (docs/decisions/079, 269): every call the web makes, its body and its answer's `data`, read from the
// Worker's own declarations. worker/app.ts's AppType is the type of the routes the web may call (the calls others
// make, webhooks and local tools, are mounted outside it); each route's body is what its zod contract accepts
// (call()'s `body`) and its answer what its handler returns. Types only: `import type` is erased, so nothing of the
// Worker reaches a bundle (tests/unit/layers.test.ts allows the web exactly this import).
import type { ExtractSchema } from 'hono/types';
import type { AppType } from '../../worker/app';

/** path -> method -> { input, output }, the mounted areas' routes in one object */
type Schema = ExtractSchema<AppType>;
type Endpoint<P extends string> = Schema[`/${P}` & keyof Schema] extends { $post: infer E } ? E : never;

/** Every call the web may make, by name (its path under /api/). */
export type CallPath = keyof Schema extends infer K ? (K extends `/${infer P}` ? P : never) : never;

/** What the call's body may be: what its declared zod contract accepts. */
export type CallBody<P extends CallPath> = Endpoint<P> extends { input: { json: infer J } } ? J : never;

/** The calls whose every field is optional: they may leave the body out. */
export type OptionalBodyPath = { [P in CallPath]: Record<string, never> extends CallBody<P> ? P : never }[CallPath];

type Answer<P extends CallPath> =
  Endpoint<P> extends { output: infer O } ? (O extends { data: infer D } ? D : never) : never;

/**
 * The `data` of a call given the body sent. A call whose answer has variants (/startOrder: the Razorpay order to
 * open, or the bank details to pay to) answers the variant that carries the body's own value of a field both have
 * (`offline`); any other answers its one type.
 */
export type CallData<P extends CallPath, B = CallBody<P>> = Variant<Answer<P>, B>;
type Variant<D, B> = [Agrees<D, B>] extends [never] ? D : Agrees<D, B>;
type Agrees<D, B> = D extends unknown ? ([Conflicts<D, B>] extends [never] ? D : never) : never;
/** the fields that the answer and the body both have, where the body's value is not one the answer holds */
type Conflicts<D, B> = { [K in keyof D & keyof B]-?: [B[K]] extends [D[K]] ? never : K }[keyof D & keyof B];
