// The festival-year rollover. "Prepare next year's catalogue" copies the live year's products into
// the next year as drafts; the committee edits them and publishes them from a date it picks; members see drafts
// only from then on; past years' products stay with their orders.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { festivalYear } from '../../core/festival';
import { nextFestivalYear } from '../../core/festival-year';
import { auditLog, products } from '../../schema/index';
import { placeOrder, setFlag } from './cart-fixtures';
import { ADMIN, call, db, loginAs, newUser } from './helpers';

let admin: string;
const thisYear = festivalYear();
const next = nextFestivalYear(thisYear);

const idOf = async (code: string, year: string) =>
  (await db()
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.code, code), eq(products.festivalYear, year)))
    .get())!.id;
const count = async (year: string) =>
  (await db().get<{ n: number }>(sql`SELECT count(*) AS n FROM products WHERE festival_year = ${year}`))!.n;

beforeAll(async () => {
  admin = await loginAs(ADMIN);
  await setFlag('dailyPassLive', true);
  await setFlag('membershipLive', true);
});

describe('the festival-year rollover', () => {
  it('refuses anyone but an admin, and bad input naming the field', async () => {
    const u = await newUser();
    for (const [path, body] of [
      ['prepareNextCatalogue', {}],
      ['publishCatalogue', { festivalYear: next }],
    ] as const) {
      expect((await call(path, body, u.token)).status).toBe(403);
      expect((await call(path, body)).status).toBe(401);
    }
    const bad: [Record<string, unknown>, RegExp][] = [
      [{}, /festivalYear is required/],
      [{ festivalYear: '2027' }, /festivalYear must look like 2026-27/],
      [{ festivalYear: '2027-30' }, /festivalYear must be two years in a row/],
      [{ festivalYear: next, publishAt: 'soon' }, /publishAt must be a time in milliseconds/],
      [{ festivalYear: next, publishAt: Date.now() - 86_400_000 }, /publishAt: choose a time from now on/],
    ];
    for (const [body, desc] of bad) {
      const res = await call('publishCatalogue', body, admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.desc).toMatch(desc);
    }
    expect(await count(next)).toBe(0);
  });

  it('two presses of "Prepare next year" at once make one copy of drafts, audited once', async () => {
    const live = await count(thisYear);
    const answers = await Promise.all([1, 2, 3].map(() => call('prepareNextCatalogue', {}, admin)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error === 'AlreadyPrepared')).toBe(true);
    expect(ok[0]!.body.data).toMatchObject({ festivalYear: next, fromYear: thisYear, count: live - 1 });
    expect(ok[0]!.body.data.message).toBe(
      `${live - 1} products copied into ${next} as drafts. Review their prices, then publish them.`,
    );
    expect(await count(next)).toBe(live - 1); // every product but the extra contribution, which has no year
    const drafts = await db().select().from(products).where(eq(products.festivalYear, next)).all();
    expect(drafts.every((p) => p.publishAt === null && p.blockedByName === null)).toBe(true);
    const mutv = drafts.find((p) => p.code === 'MUTV')!;
    expect(mutv).toMatchObject({ name: 'UTSAV', nameBn: 'উৎসব', pricePaise: 265_000 });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'catalogue.prepared'), eq(auditLog.entityId, next)))
      .all();
    expect(audits).toHaveLength(1);
  });

  it('keeps drafts from members; publishes on the date picked; the member sees the new prices', async () => {
    const u = await newUser();
    const oldMutv = await idOf('MUTV', thisYear);
    const draftMutv = await idOf('MUTV', next);
    const oldOrder = await placeOrder(u.email, 'Success', [{ code: 'MABD', qty: 1 }]);

    // drafts: not in the shop, not in a cart
    const shop = async () => (await call('getProducts', {}, u.token)).body.data.productsResponses.MEMBERSHIP;
    expect((await shop()).map((p: { id: number }) => p.id)).toContain(oldMutv);
    expect((await shop()).map((p: { id: number }) => p.id)).not.toContain(draftMutv);
    const refused = await call('addToCart', { productQtys: { [draftMutv]: { qty: 1, code: 'MUTV' } } }, u.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ProductUnavailable');

    // the committee reviews a price, and codes are per year: the draft and this year's MUTV differ
    const edit = await call('updateProduct', { id: draftMutv, price: 2800 }, admin);
    expect(edit.status).toBe(200);
    expect((await db().select().from(products).where(eq(products.id, oldMutv)).get())!.pricePaise).toBe(265_000);
    const listed = (await call('getUnGropedProducts', {}, admin)).body.data;
    expect(listed.find((p: { id: number }) => p.id === draftMutv)).toMatchObject({
      festivalYear: next,
      publishAt: null,
      price: 2800,
    });

    // a member holds this year's UTSAV in the cart
    expect((await call('addToCart', { productQtys: { [oldMutv]: { qty: 1, code: 'MUTV' } } }, u.token)).status).toBe(
      200,
    );

    const plans = async () => (await call('getPlans', {})).body.data;
    expect((await plans()).festivalYear).toBe(thisYear);
    expect((await plans()).plans.find((p: { code: string }) => p.code === 'MUTV')).toMatchObject({
      id: oldMutv,
      name: 'UTSAV',
      nameBn: 'উৎসব',
      price: 2650,
    });

    // published from a later date: still this year's catalogue until then
    const later = Date.now() + 3_600_000;
    const scheduled = await call('publishCatalogue', { festivalYear: next, publishAt: later }, admin);
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.data).toMatchObject({ festivalYear: next, publishAt: later });
    expect((await shop()).map((p: { id: number }) => p.id)).toContain(oldMutv);

    // published now, by two presses at once: one publication, audited once
    const presses = await Promise.all([
      call('publishCatalogue', { festivalYear: next }, admin),
      call('publishCatalogue', { festivalYear: next }, admin),
    ]);
    expect(presses.map((p) => p.status).sort()).toEqual([200, 409]);
    const published = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'catalogue.published'), eq(auditLog.entityId, next)))
      .all();
    expect(published).toHaveLength(2); // the scheduled date, then "now"

    const now = await shop();
    expect(now.map((p: { id: number }) => p.id)).toContain(draftMutv);
    expect(now.map((p: { id: number }) => p.id)).not.toContain(oldMutv);
    expect(now.find((p: { id: number }) => p.id === draftMutv).price).toBe(2800);
    // the home page's plans table: the same live catalogue, public
    expect(await plans()).toMatchObject({ festivalYear: next });
    expect((await plans()).plans.map((p: { code: string; price: number }) => [p.code, p.price])).toEqual([
      ['MABD', 1500],
      ['MHHR', 2250],
      ['MUTV', 2800],
    ]);
    // last year's line leaves the cart; next year's is bought at its price
    expect((await call('getCartDetails', {}, u.token)).body.data.selectedProducts).toEqual([]);
    const bought = await call('addToCart', { productQtys: { [draftMutv]: { qty: 1, code: 'MUTV' } } }, u.token);
    expect(bought.body.data.totalSellPrice).toBe(2800);
    // the extra contribution is the same product in every year
    expect((await call('getUProducts', {})).body.data.extraContributionId).toBe(84);

    // last year's order keeps its product, readable by admins
    const details = await call('getStaffOrderDetails', { orderPkId: oldOrder }, admin);
    expect(details.status).toBe(200);
    expect(JSON.stringify(details.body.data)).toContain('AASHIRBAD');

    // nothing left to publish, and the next rollover copies the new live year
    const again = await call('publishCatalogue', { festivalYear: next }, admin);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('NothingToPublish');
    const add = await call('addProduct', { code: 'MUTV', name: 'UTSAV again', price: 1, membership: true }, admin);
    expect(add.status).toBe(409);
    expect(add.body.error).toBe('DuplicateCode');
  });

  it('adds a product to a later year as a draft, refuses a past year, and the next copy leaves its code alone', async () => {
    const after = nextFestivalYear(next); // next is the live year now
    const past = await call(
      'addProduct',
      { code: 'DPNW', name: 'Late pass', price: 100, dailyMembership: true, festivalYear: thisYear },
      admin,
    );
    expect(past.status).toBe(400);
    expect(past.body.desc).toBe(`festivalYear: ${thisYear} is past; add products to ${next} or a later year.`);
    const bad = await call(
      'addProduct',
      { code: 'DPNW', name: 'Late pass', price: 100, dailyMembership: true, festivalYear: '27-28' },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.desc).toMatch(/festivalYear must look like 2026-27/);

    const early = await call(
      'addProduct',
      { code: 'MUTV', name: 'UTSAV', price: 3000, membership: true, festivalYear: after },
      admin,
    );
    expect(early.status).toBe(200);
    const row = (await db().select().from(products).where(eq(products.id, early.body.data.id)).get())!;
    expect(row).toMatchObject({ festivalYear: after, publishAt: null, pricePaise: 300_000 });
    const u = await newUser();
    const shop = (await call('getProducts', {}, u.token)).body.data.productsResponses.MEMBERSHIP;
    expect(shop.map((p: { id: number }) => p.id)).not.toContain(row.id);

    const copy = await call('prepareNextCatalogue', {}, admin);
    expect(copy.status).toBe(200);
    expect(copy.body.data).toMatchObject({ festivalYear: after, fromYear: next, count: (await count(next)) - 1 });
    const mutvs = await db()
      .select()
      .from(products)
      .where(and(eq(products.festivalYear, after), eq(products.code, 'MUTV')))
      .all();
    expect(mutvs).toHaveLength(1);
    expect(mutvs[0]!.pricePaise).toBe(300_000); // the one added is kept, not overwritten by the copy
  });
});
