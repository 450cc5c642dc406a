// The renewal reminder's audience at 100,000 orders of last festival year: read from the memberships index
// (migrations/0090), never from the orders table, so rows_read follows the members, not the orders.
import { env, exports } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { festivalYear, previousFestivalYear } from '../../core/festival';
import type { Bindings } from '../../worker/env';
import { ADMIN, db, loginAs } from './helpers';

const N = 100_000;
const MEMBERS = 2_000; // every 50th order of last year is a membership
const RENEWED = 500; // of them, this many renewed this year
const YEAR = festivalYear();
const LAST = previousFestivalYear(YEAR);
let admin: string;

beforeAll(async () => {
  admin = await loginAs(ADMIN);
  // users 1000..2999 (beyond the demo accounts), one statement each for users, orders and lines
  await db().run(sql`INSERT INTO users (id, name, email, mobile, password_hash)
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MEMBERS})
    SELECT 1000 + i, 'Scale ' || i, printf('scale%05d@example.com', i), printf('9%09d', i), 'x' FROM n`);
  await db().run(sql`INSERT INTO orders (user_id, kind, fiscal_year, status, payment_type, subtotal_paise,
      total_paise, user_name, user_email, user_mobile, success_ts)
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${N})
    SELECT CASE WHEN i % 50 = 0 THEN 1000 + i / 50 ELSE 2 END,
      CASE WHEN i % 50 = 0 THEN 'CONTRIBUTION' ELSE 'DAILY_PASS' END, ${LAST}, 'Success', 'Online',
      50000, 50000, 'Scale ' || i, printf('scale-order%06d@example.com', i), '9800000000', 2000000000 + i
    FROM n`);
  await db().run(sql`INSERT INTO order_lines (order_id, product_id, type, code, name, qty, unit_price_paise,
      max_price_paise, sell_price_paise)
    SELECT o.id, p.id, p.type, p.code, p.name, 1, p.price_paise, p.price_paise, p.price_paise
    FROM orders o JOIN products p ON p.code = CASE WHEN o.kind = 'CONTRIBUTION' THEN 'MUTV' ELSE 'DPAD' END
    WHERE o.user_email LIKE 'scale-order%'`);
  // this year: the first RENEWED members renewed
  await db().run(sql`INSERT INTO orders (user_id, kind, fiscal_year, status, payment_type, subtotal_paise,
      total_paise, user_name, user_email, user_mobile)
    SELECT id, 'CONTRIBUTION', ${YEAR}, 'Pending Approval', 'Offline', 265000, 265000, name, email, mobile
    FROM users WHERE id BETWEEN 1001 AND ${1000 + RENEWED}`);
  await db().run(sql`INSERT INTO order_lines (order_id, product_id, type, code, name, qty, unit_price_paise,
      max_price_paise, sell_price_paise)
    SELECT o.id, p.id, 'MEMBERSHIP', 'MUTV', p.name, 1, p.price_paise, p.price_paise, p.price_paise
    FROM orders o JOIN products p ON p.code = 'MUTV' WHERE o.fiscal_year = ${YEAR} AND o.user_id BETWEEN 1001 AND ${1000 + RENEWED}`);
}, 180_000);

async function measured(path: string, body: object = {}) {
  const t0 = performance.now();
  const res = await exports.default.fetch(`http://localhost/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Session-Token': admin, 'X-Bench-Rows': '1' },
    body: JSON.stringify(body),
  });
  const ms = performance.now() - t0;
  const json = (await res.json()) as { data: any };
  return { status: res.status, data: json.data, rows: Number(res.headers.get('X-Bench-Rows-Read')), ms };
}

async function plan(q: string, ...args: unknown[]) {
  const { results } = await (env as unknown as Bindings).DB.prepare(`EXPLAIN QUERY PLAN ${q}`)
    .bind(...args)
    .all<{ detail: string }>();
  return results.map((r) => r.detail).join(' | ');
}

describe(`the reminder audience with ${N.toLocaleString('en-IN')} orders`, () => {
  it('counts the members who have not renewed from the index, reading rows by members, not orders', async () => {
    const count = await db().get<{ n: number }>(sql`SELECT count(*) AS n FROM orders`);
    expect(count!.n).toBeGreaterThanOrEqual(N);
    const r = await measured('getReminderAudience');
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ fiscalYear: YEAR, lastYear: LAST, count: MEMBERS - RENEWED });
    // one index entry per member of last year, plus one probe each into this year's: about 2 x MEMBERS
    expect(r.rows, `rows_read ${r.rows}`).toBeLessThan(3 * MEMBERS + 200);
    expect(r.rows).toBeLessThan(N / 10);
    expect(r.ms, `${r.ms.toFixed(0)} ms`).toBeLessThan(1000);
  });

  it('reads the memberships index, never the orders', async () => {
    const audience = await plan(
      `SELECT m.user_id FROM memberships m
        WHERE m.fiscal_year = ? AND m.paid = 1
          AND NOT EXISTS (SELECT 1 FROM memberships r WHERE r.fiscal_year = ? AND r.user_id = m.user_id)
        GROUP BY m.user_id`,
      LAST,
      YEAR,
    );
    expect(audience).toMatch(/SEARCH m USING COVERING INDEX memberships_year_user_idx/);
    expect(audience).toMatch(/SEARCH r USING COVERING INDEX memberships_(user|year_user)_idx/);
    expect(audience).not.toMatch(/orders|SCAN/);
  });

  it('the report stays within the members too', async () => {
    const report = await measured('getRenewalReport');
    expect(report.status).toBe(200);
    expect(report.data.totals).toMatchObject({ lastYear: MEMBERS, renewed: RENEWED, notRenewed: MEMBERS - RENEWED });
    expect(report.data.notRenewed).toHaveLength(MEMBERS - RENEWED);
    // a few index reads per member of either year (counts, the not-renewed list with names): ~11 x MEMBERS
    expect(report.rows, `rows_read ${report.rows}`).toBeLessThan(15 * MEMBERS);
    expect(report.ms, `${report.ms.toFixed(0)} ms`).toBeLessThan(2000);
  });
});
