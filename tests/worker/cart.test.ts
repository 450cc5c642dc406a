import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, cartLines, carts, orders, products, users } from '../../schema/index';
import { claim, placeOrder, productId, setFlag, setProduct } from './cart-fixtures';
import { call, db, newUser } from './helpers';

type Line = { qty: number; price?: number; code?: string; fullSponsor?: boolean };
const line = async (code: string, qty: number, extra: Partial<Line> = {}) => [
  String(await productId(code)),
  { qty, price: 1, code, ...extra },
];
const qtys = async (...entries: [string, number, Partial<Line>?][]) =>
  Object.fromEntries(await Promise.all(entries.map(([c, q, e]) => line(c, q, e))));
const details = async (token: string) => (await call('getCartDetails', {}, token)).body.data;

describe('/addToCart and /getCartDetails', () => {
  it('prices 4 UTSAV memberships and a full sponsorship from the catalogue, whatever the client says', async () => {
    const u = await newUser();
    const r = await call(
      'addToCart',
      {
        productQtys: await qtys(['MUTV', 4, { price: 1 }], ['SPDL', 1, { fullSponsor: true, price: 5 }]),
        utsavMemberCount: 99,
      },
      u.token,
    );
    expect(r.status).toBe(200);
    const expected = {
      kind: 'CONTRIBUTION',
      selectedProducts: [
        {
          productId: await productId('MUTV'),
          name: 'UTSAV',
          code: 'MUTV',
          qty: 4,
          maxPrice: 10600,
          // 2650 x 4 x 0.90 = 9540, waived: a full sponsorship of ₹15,000 or more (docs/decisions/255)
          sellPrice: 0,
          fullSponsor: null,
          waivedQty: 4,
        },
        {
          productId: await productId('SPDL'),
          name: 'Pandal decoration',
          code: 'SPDL',
          qty: 1,
          maxPrice: 25000,
          sellPrice: 25000,
          fullSponsor: true,
        },
      ],
      totalMaxPrice: 35600,
      totalSellPrice: 25000,
      waiver: {
        members: 4,
        waivedQty: 4,
        usedBefore: 0,
        waivedAmount: 9540,
        sponsorshipTotal: 25000,
        threshold: 15000,
      },
    };
    expect(r.body.data).toEqual(expected);
    expect(await details(u.token)).toEqual(expected);
  });

  it('prices 5 Dandiya passes at 10% off with an extra contribution, and a co-sponsorship at coPrice', async () => {
    const u = await newUser();
    const r = await call(
      'addToCart',
      { productQtys: await qtys(['DPDY1', 5, { price: 2500 }], ['DNP', 1, { price: 1001 }]), utsavMemberCount: 0 },
      u.token,
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ kind: 'DAILY_PASS', totalMaxPrice: 3501, totalSellPrice: 3251 });
    expect(r.body.data.selectedProducts).toEqual([
      expect.objectContaining({ code: 'DPDY1', qty: 5, maxPrice: 2500, sellPrice: 2250 }),
      expect.objectContaining({ productId: 84, code: 'DNP', qty: 1, maxPrice: 1001, sellPrice: 1001 }),
    ]);
    const co = await call('addToCart', { productQtys: await qtys(['SLGT', 1, { fullSponsor: false }]) }, u.token);
    expect(co.body.data).toMatchObject({ kind: 'CONTRIBUTION', totalSellPrice: 6000, totalMaxPrice: 6000 });
  });

  it.each([
    [1, 2650],
    [2, 5300],
    [3, 7552.5],
    [4, 9540],
    [5, 11925],
    [6, 14310],
  ])('UTSAV x%i sells at ₹%d to the paisa', async (qty, sell) => {
    const u = await newUser();
    const r = await call('addToCart', { productQtys: await qtys(['MUTV', qty]) }, u.token);
    expect(r.body.data.totalSellPrice).toBe(sell);
  });

  it.each([
    [3, 1500],
    [4, 1800],
  ])('Dandiya x%i sells at ₹%d', async (qty, sell) => {
    const u = await newUser();
    const r = await call('addToCart', { productQtys: await qtys(['DPDY1', qty]) }, u.token);
    expect(r.body.data.totalSellPrice).toBe(sell);
  });

  it('gives the member price only to the household entitlement the server counts', async () => {
    const u = await newUser();
    // 3 UTSAV memberships counted (2 paid, 1 awaiting approval); pending payment, failed and last year's do not count
    await placeOrder(u.email, 'Success', [{ code: 'MUTV', qty: 2 }]);
    await placeOrder(u.email, 'Pending Approval', [{ code: 'MUTV', qty: 1 }]);
    await placeOrder(u.email, 'Pending Payment', [{ code: 'MUTV', qty: 4 }]);
    await placeOrder(u.email, 'Failed', [{ code: 'MUTV', qty: 4 }]);
    await placeOrder(u.email, 'Success', [{ code: 'MUTV', qty: 4 }], '2001-02');
    // one member-priced unit already used this year
    await placeOrder(u.email, 'Success', [{ code: 'DPKP', qty: 1, memberPricedUnits: 1 }]);
    const r = await call('addToCart', { productQtys: await qtys(['DPKP', 4]), utsavMemberCount: 50 }, u.token);
    expect(r.status).toBe(200);
    // m = 3 - 1 = 2 at ₹400, 2 at ₹600
    expect(r.body.data).toMatchObject({ totalMaxPrice: 2400, totalSellPrice: 2000 });
    const stranger = await newUser();
    const s = await call('addToCart', { productQtys: await qtys(['DPKP', 2]), utsavMemberCount: 5 }, stranger.token);
    expect(s.body.data.totalSellPrice).toBe(1200);
  });

  it('replaces the cart whole: one kind at a time', async () => {
    const u = await newUser();
    await call('addToCart', { productQtys: await qtys(['MUTV', 2], ['MABD', 1]) }, u.token);
    await call('addToCart', { productQtys: await qtys(['DPAD', 2]) }, u.token);
    const d = await details(u.token);
    expect(d.kind).toBe('DAILY_PASS');
    expect(d.selectedProducts.map((l: { code: string }) => l.code)).toEqual(['DPAD']);
    expect(d.totalSellPrice).toBe(500);
  });

  it('drops lines stepped back to 0 and refuses a selection with nothing in it', async () => {
    const u = await newUser();
    const r = await call('addToCart', { productQtys: await qtys(['MUTV', 0], ['MHHR', 2]) }, u.token);
    expect(r.body.data.selectedProducts).toHaveLength(1);
    const none = await call('addToCart', { productQtys: await qtys(['MUTV', 0]) }, u.token);
    expect(none.status).toBe(400);
    expect(none.body.desc).toMatch(/at least one product/);
    expect((await details(u.token)).totalSellPrice).toBe(4500);
  });

  it('re-prices the stored cart from the current catalogue', async () => {
    const u = await newUser();
    await call('addToCart', { productQtys: await qtys(['DPDY', 2]) }, u.token);
    await setProduct('DPDY', { pricePaise: 75_050 });
    try {
      expect((await details(u.token)).totalSellPrice).toBe(1501);
    } finally {
      await setProduct('DPDY', { pricePaise: 70_000 });
    }
  });

  it('answers an empty cart with no lines and zero totals', async () => {
    const u = await newUser();
    expect(await details(u.token)).toEqual({ kind: null, selectedProducts: [], totalMaxPrice: 0, totalSellPrice: 0 });
  });

  it('ends two simultaneous adds with one whole cart, never a mix', async () => {
    const u = await newUser();
    const a = await qtys(['MUTV', 3]);
    const b = await qtys(['MABD', 2], ['MHHR', 1]);
    const rs = await Promise.all([
      call('addToCart', { productQtys: a }, u.token),
      call('addToCart', { productQtys: b }, u.token),
    ]);
    expect(rs.map((r) => r.status)).toEqual([200, 200]);
    const total = (await details(u.token)).totalSellPrice;
    expect([7552.5, 5250]).toContain(total);
  });

  it('writes no audit rows for a cart (nothing is bought yet)', async () => {
    const u = await newUser();
    const before = (await db().select({ n: sql<number>`count(*)` }).from(auditLog).get())!.n;
    await call('addToCart', { productQtys: await qtys(['MABD', 1]) }, u.token);
    expect((await db().select({ n: sql<number>`count(*)` }).from(auditLog).get())!.n).toBe(before);
  });
});

describe('bad input leaves the cart as it was', () => {
  const cases: [string, () => Promise<unknown>, RegExp, number?][] = [
    [
      'unknown product id',
      async () => ({ productQtys: { '999999': { qty: 1, price: 1, code: 'XXXX' } } }),
      /unknown product id 999999/,
    ],
    ['negative quantity', async () => ({ productQtys: await qtys(['MABD', -1]) }), /qty must not be negative/],
    ['fractional quantity', async () => ({ productQtys: await qtys(['MABD', 1.5]) }), /qty must be a whole number/],
    ['absurd quantity', async () => ({ productQtys: await qtys(['MABD', 51]) }), /qty must be at most 50/],
    [
      'quantity as text',
      async () => ({ productQtys: { [await productId('MABD')]: { qty: '2', code: 'MABD' } } }),
      /qty must be a number/,
    ],
    [
      'missing quantity',
      async () => ({ productQtys: { [await productId('MABD')]: { code: 'MABD' } } }),
      /qty is required/,
    ],
    ['no productQtys', async () => ({ utsavMemberCount: 1 }), /productQtys is required/],
    ['productQtys as a list', async () => ({ productQtys: [1, 2] }), /productQtys/],
    ['a key that is no id', async () => ({ productQtys: { abc: { qty: 1 } } }), /productQtys/],
    [
      'extra contribution of 0',
      async () => ({ productQtys: await qtys(['DPAD', 1], ['DNP', 1, { price: 0 }]) }),
      /extra contribution must be a whole number of rupees from ₹1.00 to ₹10,00,000.00/,
    ],
    [
      'extra contribution over the limit',
      async () => ({ productQtys: await qtys(['DNP', 1, { price: 1_000_001 }]) }),
      /extra contribution/,
    ],
    [
      'extra contribution with paise',
      async () => ({ productQtys: await qtys(['DNP', 1, { price: 10.5 }]) }),
      /extra contribution/,
    ],
    [
      'extra contribution without amount',
      async () => ({ productQtys: { '84': { qty: 1, code: 'DNP' } } }),
      /extra contribution/,
    ],
    [
      'extra contribution twice',
      async () => ({ productQtys: await qtys(['DNP', 2, { price: 100 }]) }),
      /qty of the extra contribution must be 1/,
    ],
    [
      'memberships with daily passes',
      async () => ({ productQtys: await qtys(['MABD', 1], ['DPAD', 1]) }),
      /either memberships and sponsorships or daily passes/,
    ],
    [
      'code of another product',
      async () => ({ productQtys: { [await productId('MABD')]: { qty: 1, code: 'MUTV' } } }),
      /code is MUTV but product \d+ is MABD/,
    ],
    [
      'two of one sponsorship',
      async () => ({ productQtys: await qtys(['SDHK', 2, { fullSponsor: true }]) }),
      /qty of a sponsorship must be 1/,
    ],
    [
      'a sponsorship without full or co',
      async () => ({ productQtys: await qtys(['SDHK', 1]) }),
      /fullSponsor is required/,
    ],
    [
      'co-sponsoring a full-sponsor-only item',
      async () => ({ productQtys: await qtys(['SIDL', 1, { fullSponsor: false }]) }),
      /can only be sponsored in full/,
    ],
    [
      'utsavMemberCount as text',
      async () => ({ productQtys: await qtys(['MABD', 1]), utsavMemberCount: 'lots' }),
      /utsavMemberCount must be a number/,
    ],
  ];
  it.each(cases)('%s: 400 naming the problem', async (_name, body, desc) => {
    const u = await newUser();
    await call('addToCart', { productQtys: await qtys(['MHHR', 2]) }, u.token);
    const before = await details(u.token);
    const r = await call('addToCart', await body(), u.token);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/BadRequest|MixedCart|FullSponsorOnly/);
    expect(r.body.desc).toMatch(desc);
    expect(await details(u.token)).toEqual(before);
  });

  it('answers malformed JSON with 400', async () => {
    const u = await newUser();
    const r = await call('addToCart', undefined, u.token, { raw: '{"productQtys": ' });
    expect(r.status).toBe(400);
  });
});

describe('what cannot be bought: 409 and the cart unchanged', () => {
  async function expectRefused(token: string, body: unknown, status: number, error: string, desc: RegExp) {
    const before = await details(token);
    const r = await call('addToCart', body, token);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ error, desc: expect.stringMatching(desc) });
    expect(await details(token)).toEqual(before);
  }

  it('an unavailable product', async () => {
    const u = await newUser();
    await call('addToCart', { productQtys: await qtys(['MABD', 1]) }, u.token);
    await setProduct('MHHR', { available: false });
    try {
      await expectRefused(
        u.token,
        { productQtys: await qtys(['MHHR', 1]) },
        409,
        'ProductUnavailable',
        /"HOI HULLOR" is not available/,
      );
    } finally {
      await setProduct('MHHR', { available: true });
    }
  });

  it('a full sponsorship of an item already sponsored or held this year, and co-sponsoring it', async () => {
    const owner = await newUser();
    const u = await newUser();
    await claim('SSTG', owner.email, 'sponsored');
    await claim('SCUL', owner.email, 'held');
    for (const [code, why] of [
      ['SSTG', /already sponsored/],
      ['SCUL', /reserved by a contribution that is waiting for payment/],
    ] as const) {
      await expectRefused(
        u.token,
        { productQtys: await qtys([code, 1, { fullSponsor: true }]) },
        409,
        'ItemTaken',
        why,
      );
      await expectRefused(
        u.token,
        { productQtys: await qtys([code, 1, { fullSponsor: false }]) },
        409,
        'ItemTaken',
        why,
      );
    }
  });

  it('lets the holder of an unpaid hold choose the item again: checking out gives the old order up', async () => {
    const u = await newUser();
    const old = await claim('SDHK', u.email, 'held');
    const again = await call('addToCart', { productQtys: await qtys(['SDHK', 1, { fullSponsor: true }]) }, u.token);
    expect(again.status).toBe(200);
    const started = await call('startOrder', { offline: true }, u.token);
    expect(started.status).toBe(200);
    expect(started.body.data.orderPkId).not.toBe(old);
    const rows = await db().select().from(orders).where(eq(orders.id, old)).all();
    expect(rows[0]?.status).toBe('Failed');
  });

  it('an item reserved for someone else; the person it is reserved for may take it', async () => {
    const reserved = await newUser();
    const u = await newUser();
    await setProduct('SMAG', {
      blockedByName: 'R. Sen',
      blockedByEmail: reserved.email.toUpperCase(),
      available: false,
    });
    try {
      await expectRefused(
        u.token,
        { productQtys: await qtys(['SMAG', 1, { fullSponsor: true }]) },
        409,
        'ItemBlocked',
        /reserved for another sponsor/,
      );
      const ok = await call(
        'addToCart',
        { productQtys: await qtys(['SMAG', 1, { fullSponsor: true }]) },
        reserved.token,
      );
      expect(ok.status).toBe(200);
      expect(ok.body.data.totalSellPrice).toBe(18000);
    } finally {
      await setProduct('SMAG', { blockedByName: null, blockedByEmail: null, available: true });
    }
  });

  it('a full sponsorship of an item that already has co-sponsors; co-sponsoring it is fine', async () => {
    const co = await newUser();
    const u = await newUser();
    await placeOrder(co.email, 'Pending Approval', [{ code: 'SFLW', qty: 1, fullSponsor: false }]);
    await expectRefused(
      u.token,
      { productQtys: await qtys(['SFLW', 1, { fullSponsor: true }]) },
      409,
      'ItemCoSponsored',
      /already has co-sponsors/,
    );
    const ok = await call('addToCart', { productQtys: await qtys(['SFLW', 1, { fullSponsor: false }]) }, u.token);
    expect(ok.body.data.totalSellPrice).toBe(3500);
  });

  it('daily passes when they are not on sale; memberships when membership is closed', async () => {
    const u = await newUser();
    await setFlag('dailyPassLive', false);
    try {
      await expectRefused(
        u.token,
        { productQtys: await qtys(['DPDY1', 2]) },
        409,
        'NotOnSale',
        /Daily passes are not on sale/,
      );
      expect((await call('addToCart', { productQtys: await qtys(['MABD', 1]) }, u.token)).status).toBe(200);
    } finally {
      await setFlag('dailyPassLive', true);
    }
    await setFlag('membershipLive', false);
    try {
      await expectRefused(u.token, { productQtys: await qtys(['MUTV', 1]) }, 409, 'NotOnSale', /not open/);
      await expectRefused(
        u.token,
        { productQtys: await qtys(['SDHK', 1, { fullSponsor: false }]) },
        409,
        'NotOnSale',
        /not open/,
      );
      expect((await call('addToCart', { productQtys: await qtys(['DPAD', 1]) }, u.token)).status).toBe(200);
    } finally {
      await setFlag('membershipLive', true);
    }
  });
});

describe('sessions', () => {
  it.each(['addToCart', 'getCartDetails', 'deleteCart'])(
    '%s refuses a missing or unknown session before reading the body',
    async (path) => {
      for (const token of [undefined, 'not-a-session']) {
        const r = await call(path, { productQtys: 'nonsense' }, token);
        expect(r.status).toBe(401);
        expect(r.body.error).toBe('InsufficientAccess');
      }
    },
  );

  it('one user never sees or deletes another user cart', async () => {
    const a = await newUser();
    const b = await newUser();
    await call('addToCart', { productQtys: await qtys(['MABD', 2]) }, a.token);
    expect((await details(b.token)).selectedProducts).toEqual([]);
    expect((await call('deleteCart', {}, b.token)).status).toBe(200);
    expect((await details(a.token)).totalSellPrice).toBe(3000);
  });
});

describe('/deleteCart', () => {
  it('empties the cart and is harmless twice', async () => {
    const u = await newUser();
    await call('addToCart', { productQtys: await qtys(['MABD', 2]) }, u.token);
    const r = await call('deleteCart', {}, u.token);
    expect(r).toEqual({ status: 200, body: { data: { deleted: true } } });
    expect((await call('deleteCart', {}, u.token)).status).toBe(200);
    expect((await details(u.token)).selectedProducts).toEqual([]);
    const me = (await db().select().from(users).where(eq(users.email, u.email)).get())!;
    expect(await db().select().from(carts).where(eq(carts.userId, me.id)).get()).toBeUndefined();
    expect(await db().select().from(cartLines).where(eq(cartLines.userId, me.id)).all()).toEqual([]);
  });

  it('ignores unknown fields of a newer or older client', async () => {
    const u = await newUser();
    const r = await call('deleteCart', { everything: true }, u.token);
    expect(r.status).toBe(200);
    const priced = await call('addToCart', { productQtys: await qtys(['MABD', 1]), discount: 50 }, u.token);
    expect(priced.status).toBe(200);
    expect(priced.body.data.totalSellPrice).toBe(1500);
  });
});

describe('stored rows', () => {
  it('keeps the chosen amount of the extra contribution and the sponsor kind, nothing the client priced', async () => {
    const u = await newUser();
    await call(
      'addToCart',
      { productQtys: await qtys(['DNP', 1, { price: 250 }], ['DPDY1', 1, { price: 1 }]) },
      u.token,
    );
    const me = (await db().select().from(users).where(eq(users.email, u.email)).get())!;
    const rows = await db().select().from(cartLines).where(eq(cartLines.userId, me.id)).all();
    expect(rows.find((r) => r.productId === 84)).toMatchObject({ qty: 1, amountPaise: 25000, fullSponsor: null });
    expect(rows.find((r) => r.productId !== 84)).toMatchObject({ qty: 1, amountPaise: null });
    const dp = await db().select().from(products).where(eq(products.code, 'DPDY1')).get();
    expect(dp!.pricePaise).toBe(50000);
  });
});
