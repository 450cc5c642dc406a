// An admin edits a product (price, co-price, names, descriptions, pricing rules). Carts priced after
// it use the new values and say what changed; orders keep the price they were sold at; every change is audited.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderLines, products } from '../../schema/index';
import { placeOrder, productId, setFlag } from './cart-fixtures';
import { ADMIN, call, db, loginAs, newUser } from './helpers';

let admin: string;
beforeAll(async () => {
  admin = await loginAs(ADMIN);
  await setFlag('dailyPassLive', true);
  await setFlag('membershipLive', true);
});

const audits = (id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'product.updated')))
    .all();

describe('/updateProduct', () => {
  it('changes the price for carts priced after it, tells a member holding it, keeps sold orders, audits', async () => {
    const id = await productId('DPAD');
    const u = await newUser();
    const sold = await placeOrder(u.email, 'Success', [{ code: 'DPAD', qty: 2 }]);
    const added = await call('addToCart', { productQtys: { [id]: { qty: 2, code: 'DPAD' } } }, u.token);
    expect(added.status).toBe(200);
    expect(added.body.data.totalSellPrice).toBe(500);
    expect(added.body.data.priceChanges).toBeUndefined();

    const res = await call('updateProduct', { id, price: 300, nameBn: 'আড্ডা', desc: 'Tea, snacks and adda.' }, admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, message: 'Product updated!' });
    expect(res.body.data.changed.sort()).toEqual(['desc', 'nameBn', 'price']);

    const view = await call('getCartDetails', {}, u.token);
    expect(view.body.data.totalSellPrice).toBe(600);
    expect(view.body.data.priceChanges).toEqual([
      { productId: id, name: 'Adda and Snacks Pass', nameBn: 'আড্ডা', code: 'DPAD', oldPrice: 250, newPrice: 300 },
    ]);
    // adding again takes the new price: nothing more to tell
    const again = await call('addToCart', { productQtys: { [id]: { qty: 2, code: 'DPAD' } } }, u.token);
    expect(again.body.data.totalSellPrice).toBe(600);
    expect((await call('getCartDetails', {}, u.token)).body.data.priceChanges).toBeUndefined();

    const shop = await call('getUProducts', {});
    const pass = shop.body.data.productsResponses.DAILY_PASS.find((p: { id: number }) => p.id === id);
    expect(pass).toMatchObject({ price: 300, desc: 'Tea, snacks and adda.', nameBn: 'আড্ডা' });
    const line = await db().select().from(orderLines).where(eq(orderLines.orderId, sold)).get();
    expect(line!.sellPricePaise).toBe(50_000); // the order keeps what it was sold at

    const rows = await audits(id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(String(rows[0]!.details))).toMatchObject({
      code: 'DPAD',
      from: { price: 250, desc: 'Evening snacks and tea at the stalls, per person.', nameBn: 'আড্ডা ও জলখাবার পাস' },
      to: { price: 300, desc: 'Tea, snacks and adda.', nameBn: 'আড্ডা' },
    });
    // the same values again: nothing changes, nothing is audited
    const same = await call('updateProduct', { id, price: 300 }, admin);
    expect(same.status).toBe(200);
    expect(same.body.data.changed).toEqual([]);
    expect(await audits(id)).toHaveLength(1);
  });

  it('edits the pricing rules: quantity tiers price the cart, the member price and the free amount', async () => {
    const mutv = await productId('MUTV');
    const listed = (await call('getUnGropedProducts', {}, admin)).body.data;
    expect(listed.find((p: { id: number }) => p.id === mutv).rules).toEqual({
      qtyDiscounts: [
        { minQty: 3, percentOff: 5 },
        { minQty: 4, percentOff: 10 },
      ],
      memberPrice: false,
      freeAmount: null,
    });
    const u = await newUser();
    const before = await call('addToCart', { productQtys: { [mutv]: { qty: 4, code: 'MUTV' } } }, u.token);
    expect(before.body.data.totalSellPrice).toBe(9540); // 2650 x 4 x 0.90

    const res = await call(
      'updateProduct',
      { id: mutv, rules: { qtyDiscounts: [{ minQty: 2, percentOff: 12.5 }] } },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.changed).toEqual(['rules']);
    const after = await call('getCartDetails', {}, u.token);
    expect(after.body.data.totalSellPrice).toBe(9275); // 10600 x 0.875
    expect(after.body.data.priceChanges).toBeUndefined(); // the price itself did not change
    const shop = (await call('getProducts', {}, u.token)).body.data.productsResponses.MEMBERSHIP;
    expect(shop.find((p: { id: number }) => p.id === mutv).rules.qtyDiscounts).toEqual([
      { minQty: 2, percentOff: 12.5 },
    ]);
    const [row] = await audits(mutv);
    expect(JSON.parse(String(row!.details))).toMatchObject({
      from: {
        rules: {
          qtyDiscounts: [
            { minQty: 3, percentOff: 5 },
            { minQty: 4, percentOff: 10 },
          ],
        },
      },
      to: { rules: { qtyDiscounts: [{ minQty: 2, percentOff: 12.5 }] } },
    });
    // products whose rules nobody changed answer as before: no rules field
    expect(shop.find((p: { code: string }) => p.code === 'MABD').rules).toBeUndefined();

    // the extra contribution's limits
    const dnp = await productId('DNP');
    expect(
      (await call('updateProduct', { id: dnp, rules: { freeAmount: { min: 10, max: 5000 } } }, admin)).status,
    ).toBe(200);
    const small = await call('addToCart', { productQtys: { [dnp]: { qty: 1, price: 5, code: 'DNP' } } }, u.token);
    expect(small.status).toBe(400);
    expect(small.body.desc).toContain('₹10.00');

    // the member price of a daily pass switched off: DPKP sells at its price to a member too
    const dpkp = await productId('DPKP');
    expect((await call('updateProduct', { id: dpkp, rules: { memberPrice: false } }, admin)).status).toBe(200);
    const m = await newUser();
    await placeOrder(m.email, 'Success', [{ code: 'MUTV', qty: 1 }]);
    const pass = await call('addToCart', { productQtys: { [dpkp]: { qty: 1, code: 'DPKP' } } }, m.token);
    expect(pass.body.data.totalSellPrice).toBe(600);
  });

  it("takes Add Product's coSponsorPrice and the rules' parts beside the other fields", async () => {
    const slgt = await productId('SLGT');
    const co = await call('updateProduct', { id: slgt, coSponsorPrice: 6500 }, admin);
    expect(co.body.data.changed).toEqual(['coPrice']);
    const mhhr = await productId('MHHR');
    const tiers = await call('updateProduct', { id: mhhr, qtyDiscounts: [{ minQty: 5, percentOff: 5 }] }, admin);
    expect(tiers.body.data.changed).toEqual(['rules']);
    const listed = (await call('getUnGropedProducts', {}, admin)).body.data;
    expect(listed.find((p: { id: number }) => p.id === slgt).coPrice).toBe(6500);
    expect(listed.find((p: { id: number }) => p.id === mhhr).rules.qtyDiscounts).toEqual([
      { minQty: 5, percentOff: 5 },
    ]);
  });

  it('sets, shows and removes a photo of the site; refuses a picture from elsewhere', async () => {
    const sidl = await productId('SIDL');
    const u = await newUser();
    const card = async () =>
      (await call('getProducts', {}, u.token)).body.data.productsResponses.SPONSORSHIP.find(
        (p: { id: number }) => p.id === sidl,
      );
    expect((await card()).photo).toBeUndefined();
    const set = await call('updateProduct', { id: sidl, photo: '/gallery/photo-03-sm.png' }, admin);
    expect(set.body.data.changed).toEqual(['photo']);
    expect((await card()).photo).toBe('/gallery/photo-03-sm.png');
    for (const photo of ['https://example.com/x.png', '/gallery/../x.png', '/gallery/x.exe']) {
      const bad = await call('updateProduct', { id: sidl, photo }, admin);
      expect(bad.status, photo).toBe(400);
      expect(bad.body.desc).toMatch(/^photo must be a picture of the site/);
    }
    expect((await call('updateProduct', { id: sidl, photo: '' }, admin)).body.data.changed).toEqual(['photo']);
    expect((await card()).photo).toBeUndefined();
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const id = await productId('SPDL');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ id }, /nothing to change/],
      [{ price: 10 }, /id/],
      [{ id, price: -5 }, /price must be more than 0/],
      [{ id, price: 'ten' }, /price must be an amount/],
      [{ id, coPrice: 30000 }, /coPrice: must not be more than price/],
      [{ id, name: '' }, /name is required/],
      [{ id, rules: { qtyDiscounts: [{ minQty: 4, percentOff: 10 }] } }, /rules.qtyDiscounts: a SPONSORSHIP/],
      [
        { id: await productId('MABD'), rules: { qtyDiscounts: [{ minQty: 4, percentOff: 100 }] } },
        /percentOff must be less than 100/,
      ],
      [{ id: await productId('MABD'), rules: { memberPrice: true } }, /rules.memberPrice/],
      [{ id: await productId('MABD'), rules: { freeAmount: { min: 1, max: 10 } } }, /rules.freeAmount/],
      [{ id: await productId('DNP'), rules: { freeAmount: { min: 50, max: 10 } } }, /min must not be more than max/],
      [{ id: 999_999, price: 10 }, /No product with id 999999/],
    ];
    const before = await db().select().from(products).all();
    for (const [body, desc] of cases) {
      const res = await call('updateProduct', body, admin);
      expect(res.status, JSON.stringify(body)).toBe(body.id === 999_999 ? 404 : 400);
      expect(res.body.desc).toMatch(desc);
    }
    expect(await db().select().from(products).all()).toEqual(before);
  });

  it('refuses anyone but an admin before reading the body', async () => {
    const id = await productId('MABD');
    const u = await newUser();
    const member = await call('updateProduct', { id, price: 1 }, u.token);
    expect(member.status).toBe(403);
    expect(member.body.error).toBe('InsufficientAccess');
    const nobody = await call('updateProduct', { id, price: 1 });
    expect(nobody.status).toBe(401);
    expect((await db().select().from(products).where(eq(products.id, id)).get())!.pricePaise).toBe(150_000);
  });

  it('admins changing one price at once: no change is lost, each success is one audited step', async () => {
    const id = await productId('DPDY');
    const prices = [710, 720, 730, 740, 750, 760];
    const answers = await Promise.all(prices.map((price) => call('updateProduct', { id, price }, admin)));
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error === 'ProductChanged')).toBe(true);
    const won = answers.filter((a) => a.status === 200).length;
    const steps = (await audits(id)).map(
      (r) => JSON.parse(String(r.details)) as { from: { price: number }; to: { price: number } },
    );
    // one audit row per success, and each step starts from where the one before ended: nothing overwritten unseen
    expect(steps).toHaveLength(won);
    let at = 700;
    for (const step of steps) {
      expect(step.from.price).toBe(at);
      at = step.to.price;
    }
    const price = (await db().get<{ p: number }>(sql`SELECT price_paise AS p FROM products WHERE id = ${id}`))!.p;
    expect(price).toBe(at * 100);
  });
});
