import { describe, expect, it } from 'vitest';
import { claim, placeOrder, productId, setProduct } from './cart-fixtures';
import { call, newUser } from './helpers';

type View = {
  id: number;
  code: string;
  available: boolean;
  sponsoredBy: string | null;
  coSponsored: boolean;
  price: number;
  coPrice: number;
};
const byCode = (list: View[], code: string) => list.find((p) => p.code === code);

describe('/getProducts', () => {
  it('lists the available plans and sponsorship items in the customer view, prices in rupees', async () => {
    const u = await newUser();
    const r = await call('getProducts', {}, u.token);
    expect(r.status).toBe(200);
    const { MEMBERSHIP, SPONSORSHIP } = r.body.data.productsResponses;
    expect(MEMBERSHIP.map((p: View) => p.code)).toEqual(['MABD', 'MHHR', 'MUTV']);
    expect(MEMBERSHIP[2]).toEqual({
      id: await productId('MUTV'),
      name: 'UTSAV',
      code: 'MUTV',
      price: 2650,
      coPrice: 2650,
      available: true,
      coSponsored: false,
      fullSponsorOnly: false,
      desc: expect.stringContaining('gala dinner'),
      // the demo seed names every product in Bengali too
      nameBn: 'উৎসব',
      descBn: expect.stringContaining('গালা ডিনার'),
      sponsoredBy: null,
    });
    expect(byCode(SPONSORSHIP, 'SIDL')).toMatchObject({ price: 45000, fullSponsorOnly: true, available: true });
    expect(byCode(SPONSORSHIP, 'SSBH')).toMatchObject({ price: 30000, coPrice: 7500 });
    expect(r.body.data.productsResponses.DAILY_PASS).toBeUndefined();
  });

  it('shows sponsored items with the sponsor name, held ones without, and hides disabled ones', async () => {
    const sponsor = await newUser({ name: 'Mitali Basu' });
    const holder = await newUser({ name: 'Hidden Holder' });
    await claim('SABH', sponsor.email, 'sponsored');
    await claim('SNBH', holder.email, 'held');
    await setProduct('SPRS', { available: false });
    await setProduct('MHHR', { available: false });
    try {
      const u = await newUser();
      const { MEMBERSHIP, SPONSORSHIP } = (await call('getProducts', {}, u.token)).body.data.productsResponses;
      expect(byCode(SPONSORSHIP, 'SABH')).toMatchObject({ available: false, sponsoredBy: `Buyer ${sponsor.email}` });
      expect(byCode(SPONSORSHIP, 'SNBH')).toMatchObject({ available: false, sponsoredBy: null });
      expect(byCode(SPONSORSHIP, 'SPRS')).toBeUndefined();
      expect(byCode(MEMBERSHIP, 'MHHR')).toBeUndefined();
    } finally {
      await setProduct('SPRS', { available: true });
      await setProduct('MHHR', { available: true });
    }
  });

  it('marks co-sponsored items and shows a reserved item as taken to others, open to its sponsor', async () => {
    const co = await newUser();
    await placeOrder(co.email, 'Success', [{ code: 'SSBH', qty: 1, fullSponsor: false }]);
    const reserved = await newUser();
    await setProduct('SLGT', { blockedByName: 'Ratan Dey', blockedByEmail: reserved.email });
    try {
      const other = await newUser();
      const theirs = (await call('getProducts', {}, other.token)).body.data.productsResponses.SPONSORSHIP;
      expect(byCode(theirs, 'SSBH')).toMatchObject({ available: true, coSponsored: true, sponsoredBy: null });
      expect(byCode(theirs, 'SLGT')).toMatchObject({ available: false, sponsoredBy: 'Ratan Dey' });
      const mine = (await call('getProducts', {}, reserved.token)).body.data.productsResponses.SPONSORSHIP;
      expect(byCode(mine, 'SLGT')).toMatchObject({ available: true, sponsoredBy: null });
    } finally {
      await setProduct('SLGT', { blockedByName: null, blockedByEmail: null });
    }
  });

  it('refuses a caller without a session, before the body', async () => {
    expect((await call('getProducts', { x: 1 })).body.error).toBe('InsufficientAccess');
    expect((await call('getProducts', {}, 'forged')).status).toBe(401);
  });

  it('ignores unknown fields', async () => {
    const u = await newUser();
    const r = await call('getProducts', { type: 'ALL' }, u.token);
    expect(r.status).toBe(200);
    expect(r.body.data.productsResponses.MEMBERSHIP.length).toBeGreaterThan(0);
  });
});

describe('/getUProducts', () => {
  it('lists the daily passes on sale to anyone, without the extra contribution', async () => {
    const r = await call('getUProducts', {});
    expect(r.status).toBe(200);
    const list = r.body.data.productsResponses.DAILY_PASS as View[];
    expect(list.map((p) => p.code)).toEqual(['DPDY1', 'DPDY', 'DPKP', 'DPAD']);
    expect(byCode(list, 'DPKP')).toMatchObject({ price: 600, coPrice: 400 });
    expect(r.body.data.extraContributionId).toBe(84);
    expect(r.body.data.dailyPassLive).toBe(true);
    expect(r.body.data.productsResponses.MEMBERSHIP).toBeUndefined();
  });

  it('ignores unknown fields', async () => {
    const r = await call('getUProducts', { type: 'DAILY_PASS' });
    expect(r.status).toBe(200);
    expect(r.body.data.productsResponses.DAILY_PASS.length).toBeGreaterThan(0);
  });

  it('hides a disabled pass', async () => {
    await setProduct('DPAD', { available: false });
    try {
      const list = (await call('getUProducts', {})).body.data.productsResponses.DAILY_PASS as View[];
      expect(byCode(list, 'DPAD')).toBeUndefined();
    } finally {
      await setProduct('DPAD', { available: true });
    }
  });
});

describe('/getUtsavUserCount and /getBijayaSanmelaniCount', () => {
  it('count the caller own UTSAV memberships and member-priced units of this festival year', async () => {
    const u = await newUser();
    const other = await newUser();
    expect((await call('getUtsavUserCount', {}, u.token)).body).toEqual({ data: { count: 0 } });
    expect((await call('getBijayaSanmelaniCount', {}, u.token)).body).toEqual({ data: { count: 0 } });
    await placeOrder(u.email, 'Success', [
      { code: 'MUTV', qty: 3 },
      { code: 'MABD', qty: 2 },
    ]);
    await placeOrder(u.email, 'Pending Approval', [{ code: 'MUTV', qty: 1 }]);
    await placeOrder(u.email, 'Rejected', [{ code: 'MUTV', qty: 5 }]);
    await placeOrder(u.email, 'Pending Payment', [{ code: 'MUTV', qty: 5 }]);
    await placeOrder(u.email, 'Success', [{ code: 'MUTV', qty: 5 }], '2020-21');
    await placeOrder(u.email, 'Success', [{ code: 'DPKP', qty: 3, memberPricedUnits: 2 }]);
    await placeOrder(other.email, 'Success', [{ code: 'MUTV', qty: 6 }]);
    expect((await call('getUtsavUserCount', {}, u.token)).body).toEqual({ data: { count: 4 } });
    expect((await call('getBijayaSanmelaniCount', {}, u.token)).body).toEqual({ data: { count: 2 } });
  });

  it.each(['getUtsavUserCount', 'getBijayaSanmelaniCount'])('%s ignores unknown fields', async (path) => {
    const u = await newUser();
    const r = await call(path, { fiscalYear: '2020-21' }, u.token);
    expect(r).toEqual({ status: 200, body: { data: { count: 0 } } });
  });

  it.each(['getUtsavUserCount', 'getBijayaSanmelaniCount'])('%s refuses a missing session', async (path) => {
    const r = await call(path, {});
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('InsufficientAccess');
  });
});
