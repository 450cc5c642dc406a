// The pricing rules' codes (DPDY1, DNP) can be typed in Add Product for a daily pass, and /getUProducts names the
// extra contribution by its code, not by the seed's id 84 (docs/decisions/109).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, db, loginAs } from './helpers';

let admin: string;
beforeAll(async () => {
  admin = await loginAs(ADMIN);
});

const pass = { name: 'Extra contribution', price: 1, coSponsorPrice: 1, dailyMembership: true };

describe('rule codes in Add Product', () => {
  it('accepts DNP and DPDY1 for a daily pass only, and /getUProducts answers the DNP product id', async () => {
    // the demo seed has both: free the codes as a fresh deployment would have them
    await db().run(sql`UPDATE products SET code = code || 'X' WHERE code IN ('DNP', 'DPDY1')`);
    const refused = await call('addProduct', { ...pass, code: 'DNP', dailyMembership: false, membership: true }, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.desc).toMatch(/DNP is a daily pass code/);
    const odd = await call('addProduct', { ...pass, code: 'DNPQ1' }, admin);
    expect(odd.status).toBe(400);

    const dnp = await call('addProduct', { ...pass, code: 'dnp', desc: 'An amount of your choice.' }, admin);
    expect(dnp.status).toBe(200);
    const dandiya = await call('addProduct', { ...pass, name: 'Dandiya Night Pass', code: 'DPDY1', price: 500 }, admin);
    expect(dandiya.status).toBe(200);

    const row = await db().get<{ id: number }>(sql`SELECT id FROM products WHERE code = 'DNP'`);
    expect(row!.id).not.toBe(84);
    const u = await call('getUProducts', {});
    expect(u.status).toBe(200);
    expect(u.body.data.extraContributionId).toBe(row!.id);
    const codes = u.body.data.productsResponses.DAILY_PASS.map((p: { code: string }) => p.code);
    expect(codes).toContain('DPDY1');
    expect(codes).not.toContain('DNP');
  });
});
