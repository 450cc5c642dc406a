// One writer for every D1 statement (docs/decisions/268): the Worker sends statements to D1 only through
// runBatch() in worker/lib/d1-batch.ts. one-writer.ts parses each worker file with the TypeScript compiler and
// names any other D1 batch, prepare or exec, by whatever route it is reached, and any drizzle write (or raw SQL
// through drizzle) executed on its own instead of as an item of the writer's batch.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanSource, writerScan } from './one-writer';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WRITER = 'worker/lib/d1-batch.ts';
// D1 bindings themselves: each wraps the binding it is given (the session check's writes after the verdict, the
// bench's row meter) and passes the writer's batch through to it, originating no statement of its own. Only these
// functions, not the rest of their files.
const BINDING_WRAPPERS: Record<string, string[]> = {
  'worker/lib/session.ts': ['writesAfter'],
  'worker/lib/bench-rows.ts': ['countingD1'],
};

function workerFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return workerFiles(rel);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [rel] : [];
  });
}

const whats = (text: string) => scanSource(text).map((f) => f.what);

describe('one writer for D1', () => {
  it('nothing in worker/ sends a statement to D1 but runBatch()', () => {
    const files = workerFiles('worker');
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain(WRITER);
    const sources = Object.fromEntries(files.map((f) => [f, readFileSync(path.join(ROOT, f), 'utf8')]));
    const found = writerScan(sources, BINDING_WRAPPERS);
    const outside = Object.fromEntries(
      Object.entries(found)
        .filter(([f, v]) => f !== WRITER && v.outside.length > 0)
        .map(([f, v]) => [f, v.outside.map((x) => `${x.line}: ${x.what}`)]),
    );
    expect(outside, 'files sending statements to D1 outside the writer').toEqual({});
    // the scan sees the writer's own calls, and the wrappers' (so each allowance is still needed)
    const all = (f: string) => found[f]?.all.map((x) => x.what);
    expect(all(WRITER)).toEqual(['D1 prepare', 'D1 batch']);
    for (const f of Object.keys(BINDING_WRAPPERS)) expect(all(f)).toEqual(['D1 prepare', 'D1 batch', 'D1 exec']);
    // audit() hands its insert to the caller's batch: awaited on its own anywhere, it would be named
    const planted = {
      ...sources,
      'worker/services/planted.ts': 'export const f = async (db: Db) => {\n  await audit(db, e);\n};',
    };
    expect(writerScan(planted, BINDING_WRAPPERS)['worker/services/planted.ts']?.outside).toEqual([
      { line: 2, what: 'drizzle audit() on its own (await)' },
    ]);
  });

  it('names each old batch API and a D1 call by any route', () => {
    // the old APIs: drizzle's batch, the binding's batch of prepared statements
    expect(whats('await s.db.batch([s.db.delete(carts)]);')).toEqual(['D1 batch']);
    expect(whats("await s.env.DB.batch([s.env.DB.prepare('DELETE FROM carts WHERE id = ?').bind(1)]);")).toEqual([
      'D1 batch',
      'D1 prepare',
    ]);
    expect(whats("const { results } = await env.DB.prepare('SELECT 1').all();")).toEqual(['D1 prepare']);
    expect(whats("await db.$client.exec('DELETE FROM carts');")).toEqual(['D1 exec']);
    expect(whats('const client = db.$client as D1Database;\nawait client.batch(stmts);')).toEqual(['D1 batch']);
    // the old helpers, brought back in another file, are named by the D1 calls they make
    const d1Batch = `export async function d1Batch(s: Pick<Svc, 'env'>, items: (Buildable | RawStatement)[]) {
  const stmts = items.map((item) => ('raw' in item ? s.env.DB.prepare(item.raw).bind(...item.params) : toD1(item)));
  return s.env.DB.batch(stmts);
}`;
    expect(whats(d1Batch)).toEqual(['D1 prepare', 'D1 batch']);
    const batchOf = `export async function batchOf(db: Db, items: T) {
  const prepared = items.map((item) => item._prepare());
  const client = db.$client as unknown as D1Database;
  const results = await client.batch(prepared.map((p) => client.prepare(p.getQuery().sql).bind(...p.getQuery().params)));
  return results.map((r, i) => prepared[i]!.mapResult(r, true));
}`;
    expect(whats(batchOf)).toEqual(['D1 batch', 'D1 prepare']);
    expect(whats('const prep = (s: Env, q: string, ...p: unknown[]) => s.env.DB.prepare(q).bind(...p);')).toEqual([
      'D1 prepare',
    ]);
    expect(whats('const { results } = await sessionDb.batch([lookup, ...build(me, db)]);')).toEqual(['D1 batch']);
    // aliases: a reference is a use
    expect(whats('const b = s.env.DB.batch;\nawait b(stmts);')).toEqual(['D1 batch']);
    expect(whats('await s.env.DB.batch.call(s.env.DB, stmts);')).toEqual(['D1 batch']);
    expect(whats('const run = db.batch.bind(db);')).toEqual(['D1 batch']);
    expect(whats('await s.env?.DB?.prepare(q)?.run();')).toEqual(['D1 prepare']);
    // element access, with the key spelled any constant way
    expect(whats("await s.env.DB['batch'](stmts);")).toEqual(['D1 batch']);
    expect(whats('await s.env.DB[`prepare`](q).run();')).toEqual(['D1 prepare']);
    expect(whats("await s.env.DB['bat' + 'ch'](stmts);")).toEqual(['D1 batch']);
    // a key in a template with a constant substitution (`$` and `{` apart, not to read as this file's own)
    const templated = `const k = 'pre';\nconst m = \`$${'{'}k}pare\`;\nawait s.env.DB[m](q).run();`;
    expect(whats(templated)).toEqual(['D1 prepare']);
    // destructuring, renamed or computed
    expect(whats('const { batch } = s.env.DB;\nawait batch(stmts);')).toEqual(['D1 batch']);
    expect(whats('const { prepare: p } = env.DB;')).toEqual(['D1 prepare']);
    expect(whats("const { ['exec']: e } = env.DB;")).toEqual(['D1 exec']);
    expect(whats('const f = ({ batch }: D1Database) => batch(stmts);')).toEqual(['D1 batch']);
    // the name handed to a call
    expect(whats("await Reflect.get(s.env.DB, 'batch').call(s.env.DB, stmts);")).toEqual(['D1 batch']);
    // with its line
    expect(scanSource('const a = 1;\n\nawait s.db.batch([q]);')).toEqual([{ line: 3, what: 'D1 batch' }]);
  });

  it('names a drizzle write or raw SQL executed on its own', () => {
    const head = "import { carts, orders as o, users } from '../../schema/index';\n";
    const w = (body: string) => whats(head + body);
    expect(w('await s.db.update(users).set({ lang }).where(eq(users.id, id));')).toEqual([
      'drizzle update on its own (await)',
    ]);
    expect(w('const row = await db.insert(users).values(v).returning().get();')).toEqual([
      'drizzle insert on its own (.get())',
    ]);
    expect(w('db.delete(carts).where(x).run();')).toEqual(['drizzle delete on its own (.run())']);
    expect(w('db.update(o).set(v).then(() => 1);')).toEqual(['drizzle update on its own (.then())']);
    expect(w('await Promise.all([db.insert(carts).values(v), read()]);')).toEqual([
      'drizzle insert on its own (Promise.all)',
    ]);
    expect(w('const f = async () => db.delete(users);')).toEqual([
      'drizzle delete on its own (returned from an async function)',
    ]);
    // a table under another name, held in a variable, the builder kept and awaited later
    expect(w('const t = carts;\nawait db.delete(t);')).toEqual(['drizzle delete on its own (await)']);
    expect(w('const q = db.update(users).set(v);\nlog(1);\nawait q;')).toEqual(['drizzle update on its own (await)']);
    expect(w("await db['insert'](carts).values(v);")).toEqual(['drizzle insert on its own (await)']);
    // a builder handed back by a function, then awaited by its caller
    expect(w('function stmt(db: Db) {\n  return db.delete(carts).where(x);\n}\nawait stmt(db);')).toEqual([
      'drizzle stmt() on its own (await)',
    ]);
    expect(w('const a = (db: Db) => db.update(users).set(v);\nconst b = (db: Db) => a(db);\nb(db).run();')).toEqual([
      'drizzle b() on its own (.run())',
    ]);
    // raw SQL through drizzle, a write or a read
    expect(w('await s.db.run(sql`DELETE FROM carts`);')).toEqual(['drizzle run(sql) on its own (await)']);
    expect(w("const r = await s.db.get(sqlOf('SELECT 1 AS y'));")).toEqual(['drizzle get(sql) on its own (await)']);
  });

  it('leaves builders for a batch, reads, regular expressions and lookalikes alone', () => {
    const head = "import { carts, users } from '../../schema/index';\n";
    const w = (body: string) => whats(head + body);
    // items of the writer's batch, returned for a caller's batch, spread into one
    expect(w('await runBatch(s.db, [s.db.delete(carts).where(x), audit(s.db, e)]);')).toEqual([]);
    expect(w('const stmts = () => [db.update(users).set(v)];\nawait runBatch(db, [...stmts()]);')).toEqual([]);
    expect(w('function del(db: Db) {\n  return db.delete(carts).where(x);\n}')).toEqual([]);
    expect(w('const q = db.insert(users).values(v);\nawait runBatch(db, [q]);')).toEqual([]);
    expect(w('await runBatch(db, [db.all(sqlOf(q, 1)), db.run(sql`DELETE FROM carts`)]);')).toEqual([]);
    // reads by builder, other objects' methods of the same names, regular expressions
    expect(w('const rows = await s.db.select().from(users).where(x);')).toEqual([]);
    expect(w('seen.delete(key);\nawait cache.delete(req);\nheaders.delete("x");\nm.set(k, v);')).toEqual([]);
    expect(w("const m = /^a(b)$/.exec(s);\nconst re = /x/g;\nre.exec(t);\nnew RegExp('y').exec(u);")).toEqual([]);
    expect(w("const call = { session: 'batch' as const };\nif (mode === 'batch') go();")).toEqual([]);
    expect(w('// await s.db.batch([x])\n/* env.DB.prepare(q) */ const x = 1;')).toEqual([]);
  });

  it('allows a binding wrapper only inside its own function', () => {
    const file = readFileSync(path.join(ROOT, 'worker/lib/session.ts'), 'utf8');
    expect(scanSource(file, ['writesAfter'])).toEqual([]);
    const planted = `${file}\nexport const sneak = (c: Context<AppEnv>) => c.env.DB.batch([]);\n`;
    expect(scanSource(planted, ['writesAfter'])).toEqual([{ line: file.split('\n').length + 1, what: 'D1 batch' }]);
  });
});
