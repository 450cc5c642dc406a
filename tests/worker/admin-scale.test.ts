// Pass search and the paged lists on 100,000 orders: index range queries, answered well under a second.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { festivalYear } from '../../core/festival';
import { ADMIN, bindings, call, db, loginAs } from './helpers';

const N = 100_000;
let admin: string;

beforeAll(async () => {
  admin = await loginAs(ADMIN);
  // One statement generates the rows: emails and mobiles spread over the whole key space, every third
  // order not yet collected, each with one pass line.
  await db().run(sql`INSERT INTO orders (user_id, kind, fiscal_year, status, payment_type, subtotal_paise,
      total_paise, user_name, user_email, user_mobile, success_ts, pass_collected, payment_date)
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${N})
    SELECT 2, 'DAILY_PASS', ${festivalYear()}, CASE WHEN i % 10 = 0 THEN 'Pending Approval' ELSE 'Success' END,
      CASE WHEN i % 4 = 0 THEN 'Offline' ELSE 'Online' END, 50000, 50000, 'Bulk ' || i,
      printf('bulk%06d.%s@example.com', i, substr('abcdefghij', (i % 10) + 1, 1)),
      printf('8%09d', (i * 7919) % 1000000000),
      CASE WHEN i % 10 = 0 THEN NULL ELSE 1000000000 + i END,
      CASE WHEN i % 10 = 0 THEN NULL ELSE (i % 3 != 0) END,
      1700000000000 + i
    FROM n`);
  await db().run(sql`INSERT INTO order_lines (order_id, product_id, type, code, name, qty, unit_price_paise,
      max_price_paise, sell_price_paise)
    SELECT id, (SELECT id FROM products WHERE code = 'DPAD'), 'DAILY_PASS', 'DPAD', 'Adda and Snacks Pass', 2,
      25000, 50000, 50000 FROM orders WHERE user_email LIKE 'bulk%'`);
}, 120_000);

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await fn();
  return [r, performance.now() - t0];
}

describe(`with ${N.toLocaleString('en-IN')} orders`, () => {
  it('finds an order by exact and prefix email and mobile well under a second', async () => {
    const count = await db().get<{ n: number }>(sql`select count(*) as n from orders`);
    expect(count!.n).toBeGreaterThanOrEqual(N);
    const cases: [string, number][] = [
      ['bulk054321.b@example.com', 1],
      ['bulk05432', 10 - 1], // bulk054320 is pending
      [`8${String((54321 * 7919) % 1_000_000_000).padStart(9, '0')}`, 1],
      [
        `8${String((54321 * 7919) % 1_000_000_000)
          .padStart(9, '0')
          .slice(0, 7)}`,
        -1,
      ],
    ];
    for (const [text, expected] of cases) {
      const [r, ms] = await timed(() => call('searchUserOrder', { emailId: text, mobileNo: text }, admin));
      expect(r.status, text).toBe(200);
      if (expected >= 0) expect(r.body.data, text).toHaveLength(expected);
      else expect(r.body.data.length, text).toBeGreaterThan(0);
      expect(ms, `${text} took ${ms.toFixed(0)} ms`).toBeLessThan(500);
    }
  });

  it('uses the email and mobile indexes (no scan) and reads few rows', async () => {
    const plan = async (q: string, ...args: unknown[]) =>
      (
        await bindings.DB.prepare(`EXPLAIN QUERY PLAN ${q}`)
          .bind(...args)
          .all<{ detail: string }>()
      ).results
        .map((r) => r.detail)
        .join(' | ');
    const email = await plan(
      "SELECT * FROM orders WHERE user_email >= ? AND user_email < ? AND +status = 'Success' LIMIT 50",
      'bulk05432',
      'bulk05432\u{10FFFF}',
    );
    expect(email).toMatch(/USING INDEX orders_email_idx/);
    const mobile = await plan(
      "SELECT * FROM orders WHERE user_mobile >= ? AND user_mobile < ? AND +status = 'Success' LIMIT 50",
      '81234',
      '81234:',
    );
    expect(mobile).toMatch(/USING INDEX orders_mobile_idx/);
    const r = await bindings.DB.prepare(
      "SELECT count(*) AS n FROM orders WHERE user_email >= ? AND user_email < ? AND +status = 'Success'",
    )
      .bind('bulk05432', 'bulk05432\u{10FFFF}')
      .all();
    expect(r.meta.rows_read).toBeLessThan(50);
  });

  it('pages the success and not-collected lists and totals them fast', async () => {
    const [first, ms] = await timed(() => call('getSuccessOrders', { orderTSCursor: 1e18 }, admin));
    expect(first.body.data).toHaveLength(50);
    expect(ms).toBeLessThan(500);
    const cursor = Math.min(...first.body.data.map((o: { orderSuccessTS: number }) => o.orderSuccessTS));
    const [second, ms2] = await timed(() => call('getDPKPNotCollectedOrder', { orderTSCursor: cursor }, admin));
    expect(second.body.data).toHaveLength(50);
    expect((second.body.totals as { byCode: Record<string, number> }).byCode.DPAD).toBeGreaterThan(30_000);
    expect(ms2).toBeLessThan(1000);
  });
});
