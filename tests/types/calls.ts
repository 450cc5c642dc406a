// Type-level test of the call map (core/contracts/calls.ts, docs/decisions/079). Never run, only typechecked by
// `tsc` (npm run typecheck, part of npm test): a route, a contract or a call map that drift apart fail the build.
//  1. every call the worker serves under /api is in the map, and every call in the map is served;
//  2. the map's body for a call is what the route's zod schema accepts (same type both ways);
//  3. what the route answers as `data` fits the map's answer (so the web reads no field the worker does not send);
//  4. the web client takes body and answer from the path (the @ts-expect-error lines must stay errors).
import type { Hono } from 'hono';
import type { ApiCalls, CallBody, CallPath } from '../../core/contracts/calls';
import { api } from '../../web/lib/api-client';
import type { AppType } from '../../worker/app';

type Schema = AppType extends Hono<infer _E, infer S, infer _B> ? S : never;
// the app's schema is a union (one member per mounted sub-app): look keys up member by member
type KeysOf<U> = U extends unknown ? keyof U : never;
type At<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never;
type Route<P extends string> = At<Schema, `/${P}`> extends { $post: infer E } ? E : never;
type ServerBody<P extends string> = Route<P> extends { input: { json: infer J } } ? J : never;
type ServerData<P extends string> =
  Route<P> extends { output: infer O } ? (O extends { data: infer D } ? D : never) : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Routes the web never calls: the benchmark's floor, Razorpay's and WhatsApp's webhooks, mail providers' one-click, local tools. */
type NotForTheWeb =
  | '/noop'
  | '/webhooks/razorpay'
  | '/unsubscribe/oneClick'
  | '/devSendReminders'
  | '/devLastYearMembership'
  | '/webhooks/whatsapp'
  | '/devSendAnnouncements'
  | `/dev/${string}`;

/**
 * The answers checked one way only: /signUp and /signUpAndLogin share accounts.signUp(), typed as answering
 * UserInfo or a message whichever the flag; the map names the one each path gives.
 */
type EitherAnswer = 'signUp' | 'signUpAndLogin';

// 1. A route with no entry, or an entry with no route, is named in the error.
export const routesMissingFromTheMap: never = null as unknown as Exclude<KeysOf<Schema>, NotForTheWeb | `/${CallPath}`>;
export const callsWithoutARoute: never = null as unknown as Exclude<`/${CallPath}`, KeysOf<Schema>>;

// 2. and 3. The calls whose body or answer drifted are named in the error.
type BodyDrift = { [P in CallPath]: Same<CallBody<P>, ServerBody<P>> extends true ? never : P }[CallPath];
type AnswerDrift = {
  [P in CallPath]: P extends EitherAnswer
    ? [ApiCalls[P]['data']] extends [ServerData<P>]
      ? never
      : P
    : [ServerData<P>] extends [ApiCalls[P]['data']]
      ? never
      : P;
}[CallPath];
export const callsWhoseBodyDrifted: never = null as unknown as BodyDrift;
export const callsWhoseAnswerDrifted: never = null as unknown as AnswerDrift;

// 4. The client: the path decides the body and the answer.
export async function clientChecks() {
  const orders = await api('getOrders');
  const first = orders[0];
  if (first) {
    const total: number = first.orderTotal;
    const rcpt: string = first.orderRcptId;
    void [total, rcpt];
    // @ts-expect-error an order has no field `total` (the answer is the contract's OrderView)
    void first.total;
  }
  // @ts-expect-error login takes a password
  await api('login', { email: 'a@b.in' });
  // @ts-expect-error a field the call does not take
  await api('login', { email: 'a@b.in', password: 'secret123', remember: true });
  // @ts-expect-error a field of the wrong type
  await api('getOrderRefunds', { orderPkId: true });
  // @ts-expect-error a path the map does not know
  await api('getEverything');
  // @ts-expect-error a call with a required body cannot leave it out
  await api('verifyEmail');

  // a call with variants answers the one its body chose
  const online = await api('startOrder', { offline: false });
  const offline = await api('startOrder', { offline: true });
  const key: string = online.keyId;
  const payee: string = offline.bank.payee;
  void [key, payee];
  // @ts-expect-error the offline answer has no Razorpay key
  void offline.keyId;
}
