// The catalogue and cart must not read rows in proportion to the festival year's orders.
import { sql } from 'drizzle-orm';
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { festivalYear } from '../../core/festival';
import { db, loginAs, MEMBER } from './helpers';

const CART = { productQtys: { '3': { qty: 2, code: 'MUTV' } } }; // two UTSAV memberships (product 3)

async function rowsRead(path: string, token: string, body: unknown = {}) {
  const res = await exports.default.fetch(`http://localhost/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Session-Token': token, 'X-Bench-Rows': '1' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return Number(res.headers.get('X-Bench-Rows-Read'));
}

describe('catalogue reads at scale', () => {
  it('reads about the same rows for /getProducts, /addToCart and /getCartDetails with 3,000 more orders this year', async () => {
    const token = await loginAs(MEMBER);
    const before = await rowsRead('getProducts', token);
    // a cart with lines, so that pricing reads the buyer's orders of the year
    const addBefore = await rowsRead('addToCart', token, CART);
    const cartBefore = await rowsRead('getCartDetails', token);
    const year = festivalYear();
    // 3,000 paid membership orders of another user, each with one line
    await db().run(sql`INSERT INTO orders (user_id, kind, fiscal_year, status, payment_type, subtotal_paise, total_paise,
        user_name, user_email, user_mobile)
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
      SELECT 1, 'CONTRIBUTION', ${year}, 'Success', 'Online', 150000, 150000, 'Bulk', 'bulk@example.net', '9000000000' FROM n`);
    await db().run(sql`INSERT INTO order_lines (order_id, product_id, type, code, name, qty, unit_price_paise,
        max_price_paise, sell_price_paise, full_sponsor)
      SELECT id, 1, 'MEMBERSHIP', 'MABD', 'AASHIRBAD', 1, 150000, 150000, 150000, NULL FROM orders WHERE user_email = 'bulk@example.net'`);
    const bulk = await db().get<{ n: number }>(sql`SELECT count(*) AS n FROM order_lines WHERE code = 'MABD'`);
    expect(bulk!.n).toBeGreaterThanOrEqual(3000);
    // with table statistics, as a long-lived database has them, SQLite may prefer the orders indexes
    await db().run(sql`ANALYZE`);
    const after = await rowsRead('getProducts', token);
    const addAfter = await rowsRead('addToCart', token, CART);
    const cartAfter = await rowsRead('getCartDetails', token);
    expect(after - before).toBeLessThan(100);
    expect(addAfter - addBefore).toBeLessThan(100);
    expect(cartAfter - cartBefore).toBeLessThan(100);
  });
});
