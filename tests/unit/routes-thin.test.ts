// Routes only parse, call one service and answer (docs/decisions/135-service-shape.md): no database
// access, no batch, no settings read, no reshaping of a service's answer in worker/routes/*.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const routesDir = path.join(root, 'worker/routes');

/** Imports that mean a route reads or writes the database itself (or reads a setting: the services do). */
const FORBIDDEN_IMPORTS = [
  /^drizzle-orm(\/|$)/,
  /\/schema\//,
  /\/lib\/d1-batch$/,
  /\/lib\/db$/,
  /\/services\/settings$/,
];

/** Calls that mean a route runs statements or shapes data instead of answering what its service returned. */
const FORBIDDEN_CALLS = [
  /\.(batch|select|selectDistinct|update|insert|delete|prepare|run|all)\(/,
  /\.(map|filter|reduce|flatMap|find)\(/,
  /\bgetSettings?\(/,
];

/** The awaited calls of one handler other than the framework's (next(), the raw body). */
const serviceAwaits = (handler: string) =>
  [...handler.matchAll(/\bawait\s+([\w.]+)/g)].filter(([, callee]) => callee !== 'next' && !callee!.startsWith('c.req'))
    .length;

function thinRouteViolations(file: string, source: string): string[] {
  const found: string[] = [];
  for (const [, spec] of source.matchAll(/^import[^;]*?from\s+'([^']+)'/gms)) {
    if (FORBIDDEN_IMPORTS.some((re) => re.test(spec!))) found.push(`${file}: imports ${spec}`);
  }
  const code = source.replace(/^\s*\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  for (const re of FORBIDDEN_CALLS) {
    const hit = code.match(re);
    if (hit) found.push(`${file}: calls ${hit[0]}`);
  }
  // each handler (from one `.post(` to the next) awaits at most one service
  const handlers = code.split(/\.post\(/).slice(1);
  for (const h of handlers) {
    const name = h.match(/^'([^']+)'/)?.[1] ?? '?';
    if (serviceAwaits(h) > 1) found.push(`${file} ${name}: awaits more than one call`);
  }
  return found;
}

describe('routes stay thin: parse, call one service, answer', () => {
  it('every file in worker/routes keeps the rule', () => {
    const files = readdirSync(routesDir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5); // the walk found the routes
    const found = files.flatMap((f) => thinRouteViolations(f, readFileSync(path.join(routesDir, f), 'utf8')));
    expect(found).toEqual([]);
  });

  // the routes as they once were (logic in the route): each must be caught
  it('catches a batch, a settings read, a status check with its reshaping, and a map over results', () => {
    const before = `
import { and } from 'drizzle-orm';
import { getSetting } from '../services/settings';
export const r = new Hono()
  .post('/deleteCart', ...call({ role: 'user', body: emptyBody }), async (c) => {
    const s = svc(c);
    const [first, second] = cart.deleteCartStatements(s, actorOf(c).userId);
    await s.db.batch([first, second]);
    return c.json({ data: { deleted: true } });
  })
  .post('/getUProducts', input(emptyBody), async (c) => {
    const [a, live] = await Promise.all([catalogue.dailyPassCatalogue(s), getSetting(s.db, 'dailyPassLive')]);
    return c.json({ data: { a, live } });
  })
  .post('/getStaffOrderDetails', ...call({ role: 'staff', session: 'beside', body: orderDetailsRequest }), async (c) => {
    const order = await orders.getOrderForStaff(svc(c).db, c.req.valid('json').orderPkId);
    return c.json({ data: orders.forDesk(order, (await actorReady(c)).isAdmin) });
  })
  .post('/searchVenuePasses', ...call({ role: 'staff', session: 'beside', body: venueSearchRequest }), async (c) => {
    const found = await venue.searchPasses(svc(c).db, c.req.valid('json').q);
    return c.json({ data: found.map((p) => venue.forDesk(p, true)) });
  });`;
    expect(thinRouteViolations('old.ts', before)).toEqual([
      'old.ts: imports drizzle-orm',
      'old.ts: imports ../services/settings',
      'old.ts: calls .batch(',
      'old.ts: calls .map(',
      'old.ts: calls getSetting(',
      'old.ts /getStaffOrderDetails: awaits more than one call',
    ]);
    // and a thin route passes
    const thin = `.post('/x', ...call({ role: 'user', body: emptyBody }), async (c) => {
      return c.json({ data: await cart.deleteCart(svc(c), actorOf(c)) });
    })`;
    expect(thinRouteViolations('thin.ts', thin)).toEqual([]);
  });
});
