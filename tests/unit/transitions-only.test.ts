// One writer for the money tables (docs/decisions/181, after 076): only the transitions module
// (worker/services/transitions/) writes orders, payments or refunds, any column, by drizzle or by SQL. Any other
// worker file that does is named here with the line and the form of the write (money-writes.ts reads the source
// through the TypeScript scanner and matches by call name, so no spelling of the object or the SQL dodges it).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moneyWrites } from './money-writes';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MODULE = 'worker/services/transitions/';

function workerFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return workerFiles(rel);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [rel] : [];
  });
}

const whats = (text: string) => moneyWrites(text).map((w) => w.what);

describe('one writer for orders, payments and refunds', () => {
  it('nothing outside the transitions module writes them', () => {
    const files = workerFiles('worker');
    expect(files.length).toBeGreaterThan(20);
    expect(files.some((f) => f.startsWith(MODULE))).toBe(true);
    const outside: Record<string, string[]> = {};
    const inside = new Set<string>();
    for (const f of files) {
      const writes = moneyWrites(readFileSync(path.join(ROOT, f), 'utf8'));
      if (f.startsWith(MODULE)) for (const w of writes) inside.add(w.what);
      else if (writes.length > 0) outside[f] = writes.map((w) => `${w.line}: ${w.what}`);
    }
    expect(outside, 'files writing a money table').toEqual({});
    // the scan sees the module's own writes, in both forms, so it would see them anywhere else
    for (const w of [
      'update(orders)',
      'update(payments)',
      'insert(refunds)',
      'SQL UPDATE orders',
      'SQL UPDATE refunds',
    ])
      expect(inside).toContain(w);
    expect(inside).toContain('SQL INSERT INTO payments');
  });

  it('names a drizzle write by its call, however the object is written', () => {
    expect(whats("db.update(orders).set({ status: 'Failed', updatedAt: at })")).toEqual(['update(orders)']);
    // the shorthand and a patch built elsewhere carry no `status:` for a regex to see
    expect(whats('const status = to;\ns.db.update(payments).set({ status, updatedAt })')).toEqual(['update(payments)']);
    expect(whats('s.db\n  .update(\n    orders,\n  )\n  .set(patch)')).toEqual(['update(orders)']);
    // an upsert
    expect(
      whats('db.insert(orders).values(row).onConflictDoUpdate({ target: orders.checkoutKey, set: { status: x } })'),
    ).toEqual(['insert(orders)']);
    expect(whats('await tx.delete(refunds).where(eq(refunds.id, id))')).toEqual(['delete(refunds)']);
    // the table under another name, through its module, or the method by a string key
    expect(whats("import { payments as p } from '../../schema/index';\ndb.update(p).set(patch)")).toEqual([
      'update(payments)',
    ]);
    expect(whats('const t = orders;\ndb.delete(t)')).toEqual(['delete(orders)']);
    expect(whats('db.insert(schema.payments).values(v)')).toEqual(['insert(payments)']);
    expect(whats("db['update'](orders).set(v)")).toEqual(['update(orders)']);
    // a call inside a template's substitution is a call like any other
    expect(whats(`log(\`\${await db.delete(payments).run()}\`)`)).toEqual(['delete(payments)']);
  });

  it('names a SQL write in any string or template', () => {
    expect(whats("raw('UPDATE OR IGNORE orders SET attention = NULL WHERE id = ?', id)")).toEqual([
      'SQL UPDATE OR IGNORE orders',
    ]);
    expect(
      whats("raw(`INSERT INTO payments (order_id, method, status) VALUES (?, 'razorpay', 'created')`, id)"),
    ).toEqual(['SQL INSERT INTO payments']);
    expect(whats(`db.run(sql\`insert or replace into "refunds" (id) values (\${id})\`)`)).toEqual([
      'SQL INSERT OR REPLACE INTO refunds',
    ]);
    expect(whats("prep(s, 'REPLACE INTO orders (id) VALUES (?)', id)")).toEqual(['SQL REPLACE INTO orders']);
    expect(whats(`db.run(sql\`DELETE FROM refunds WHERE id = \${id}\`)`)).toEqual(['SQL DELETE FROM refunds']);
    // the table as a substitution, the statement split over literals, a template inside a template
    expect(whats(`db.run(sql\`UPDATE \${orders} SET pass_collected = \${1} WHERE id = \${id}\`)`)).toEqual([
      'SQL UPDATE orders',
    ]);
    expect(whats("raw('UPDATE ' + 'payments SET bank_name = NULL')")).toEqual(['SQL UPDATE payments']);
    expect(whats(`sql\`SELECT \${sql\`1\`}\`;\nraw(\`\${x ? \`UPDATE orders SET a = 1\` : ""}\`)`)).toEqual([
      'SQL UPDATE orders',
    ]);
    // with its line
    expect(moneyWrites("const a = 1;\n\nraw('DELETE FROM orders')")).toEqual([
      { line: 3, what: 'SQL DELETE FROM orders' },
    ]);
  });

  it('leaves reads, other tables, comments and lookalikes alone', () => {
    expect(whats('db.select().from(orders).where(eq(orders.status, "Success"))')).toEqual([]);
    expect(whats("raw('SELECT id FROM orders WHERE user_id = ?', id)")).toEqual([]);
    expect(whats("raw('UPDATE receipts SET pan = ? WHERE id IN (SELECT receipt_id FROM orders)')")).toEqual([]);
    expect(whats("db.update(users).set({ status: 'x' })")).toEqual([]);
    expect(whats("raw('UPDATE orders_archive SET a = 1'); raw('DELETE FROM payment_events')")).toEqual([]);
    expect(whats('// db.update(orders).set(patch)\n/* UPDATE orders SET status = 1 */ const x = 1;')).toEqual([]);
    expect(whats('orders.update(x); const update = (orders: T) => 0;')).toEqual([]);
  });

  it('reads a real file with a planted write as the compiler does (regular expressions, templates)', () => {
    const file = readFileSync(path.join(ROOT, 'worker/services/venue/gate.ts'), 'utf8');
    expect(whats(file)).toEqual([]);
    const planted = `${file}\nconst q = /[\`'"]/g;\nexport const sneak = (db: Db) => db.update(orders).set({ attention: null });\n`;
    expect(moneyWrites(planted)).toEqual([{ line: file.split('\n').length + 2, what: 'update(orders)' }]);
  });
});
