// Only the transitions module (worker/services/transitions/) writes orders.status, payments.status or
// refunds.status, or creates a payment attempt past 'created' or a refund (docs/decisions/076): any other
// worker file that does is named here. A new row created in its first state (an order Pending Payment, a
// Razorpay attempt 'created') is not a transition.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MODULE = 'worker/services/transitions/';

const TABLES = '(orders|payments|refunds)';
const RULES: { name: (table: string) => string; re: RegExp }[] = [
  {
    // drizzle: .update(orders).set({ ..., status: ... })
    name: (t) => `sets ${t}.status`,
    re: new RegExp(`\\.update\\(${TABLES}\\)\\s*\\.set\\(\\s*\\{(?:[^{}]|\\{[^{}]*\\})*?\\bstatus\\s*:`, 'g'),
  },
  {
    // SQL: UPDATE orders SET ... status = ... (in the SET list, before the statement's first WHERE)
    name: (t) => `sets ${t}.status`,
    re: new RegExp(`UPDATE\\s+[\`"]?${TABLES}[\`"]?\\s+SET\\b(?:(?!\\bWHERE\\b)[\\s\\S])*?\\bstatus\\s*=`, 'gi'),
  },
  {
    // a payment attempt created in a later state (a transfer submitted): SQL or drizzle
    name: () => 'creates a payments row past created',
    re: /INSERT\s+(?:OR\s+\w+\s+)?INTO\s+[`"]?(payments)\b[^`]*?'(?:submitted|approved|captured|failed|rejected)'|\.insert\((payments)\)\s*\.values\(\s*\{[^}]*?status:\s*(?:'|PAYMENT_STATUS\.)(?:submitted|approved|captured|failed|rejected)\b/gi,
  },
  {
    // a refund is born only in the module (with its lines, effects and audit row)
    name: () => 'creates a refunds row',
    re: /INSERT\s+(?:OR\s+\w+\s+)?INTO\s+[`"]?(refunds)\b|\.insert\((refunds)\)/gi,
  },
];

/** What `text` writes that only the transitions module may write, one entry per statement. */
function statusWrites(text: string): string[] {
  const found: string[] = [];
  for (const rule of RULES) {
    for (const m of text.matchAll(rule.re)) {
      const table = m.slice(1).find(Boolean) ?? '';
      found.push(rule.name(table.toLowerCase()));
    }
  }
  return found;
}

function workerFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return workerFiles(rel);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [rel] : [];
  });
}

describe('status writes', () => {
  it('only the transitions module writes an order, payment or refund status', () => {
    const files = workerFiles('worker');
    expect(files.length).toBeGreaterThan(20);
    expect(files.some((f) => f.startsWith(MODULE))).toBe(true);
    const outside: Record<string, string[]> = {};
    let inside = 0;
    for (const f of files) {
      const writes = statusWrites(readFileSync(path.join(ROOT, f), 'utf8'));
      if (f.startsWith(MODULE)) inside += writes.length;
      else if (writes.length > 0) outside[f] = [...new Set(writes)].sort();
    }
    expect(outside, 'files writing a status').toEqual({});
    // the scan sees the module's own writes, so it would see them anywhere else
    expect(inside).toBeGreaterThanOrEqual(8);
  });

  it('finds every form of a status write and leaves other columns and first states alone', () => {
    expect(statusWrites("db.update(orders).set({ status: 'Failed', updatedAt: at })")).toEqual(['sets orders.status']);
    expect(statusWrites('s.db\n  .update(payments)\n  .set({ failureReason: r, status: step.to })')).toEqual([
      'sets payments.status',
    ]);
    expect(statusWrites("db.update(orders).set({ meta: { a: 1 }, status: 'Success' })")).toEqual([
      'sets orders.status',
    ]);
    expect(statusWrites('`UPDATE orders SET attention = ?, status = ? WHERE id = ?`')).toEqual(['sets orders.status']);
    expect(statusWrites('`UPDATE refunds SET status = ?, transition_id = ? WHERE id = ?`')).toEqual([
      'sets refunds.status',
    ]);
    expect(
      statusWrites("`INSERT INTO payments (order_id, method, status) SELECT ?, 'bank_transfer', 'submitted' WHERE x`"),
    ).toEqual(['creates a payments row past created']);
    expect(
      statusWrites(
        "db.insert(payments).values({ orderId, method: 'bank_transfer', status: PAYMENT_STATUS.submitted })",
      ),
    ).toEqual(['creates a payments row past created']);
    expect(statusWrites('db.insert(refunds).values({ orderId })')).toEqual(['creates a refunds row']);
    expect(statusWrites('`INSERT INTO refunds (order_id) VALUES (?)`')).toEqual(['creates a refunds row']);
    // not transitions: other columns, a status in the WHERE clause, a first state, other tables
    expect(statusWrites("db.update(orders).set({ attention: null }).where(eq(orders.status, 'Success'))")).toEqual([]);
    expect(statusWrites("`UPDATE orders SET pass_collected = 1 WHERE id = ? AND status = 'Success'`")).toEqual([]);
    expect(statusWrites("db.insert(payments).values({ orderId, method: 'razorpay', status: 'created' })")).toEqual([]);
    expect(
      statusWrites("db.insert(payments).values({ orderId, method: 'razorpay', status: PAYMENT_STATUS.created })"),
    ).toEqual([]);
    expect(statusWrites("db.update(users).set({ status: 'x' })")).toEqual([]);
    expect(statusWrites("`UPDATE orders SET refund_state = 'Refunded' WHERE id = ?`")).toEqual([]);
  });
});
