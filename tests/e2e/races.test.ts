// Races over HTTP against `wrangler dev` (issue 11): here requests really interleave, as they do in
// production; in the worker tier they run one after the other, so the guards are also tested directly
// there (tests/worker/hardening.test.ts). No browser: plain parallel fetches, as an attacker would.
import { describe, expect, it } from 'vitest';
import { api, outbox, uniqueEmail } from './browser';

const ROUNDS = 6;

async function newUser() {
  const u = {
    name: 'Race Tester',
    email: uniqueEmail('race'),
    mobile: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    password: 'race-password-1',
  };
  const r = await api('signUpAndLogin', u);
  expect(r.status).toBe(200);
  return { ...u, token: r.body.data.session as string };
}

let admin: string | null = null;
async function adminToken() {
  if (admin) return admin;
  const r = await api('login', { email: 'admin@example.org', password: 'admin-demo-123' });
  expect(r.status).toBe(200);
  admin = r.body.data.session as string;
  return admin;
}

/** A fresh sponsorship item through the admin's Add Product. */
async function newItem(): Promise<number> {
  const code = `R${Math.random().toString(36).slice(2, 5).toUpperCase().padEnd(3, 'X')}`;
  const r = await api(
    'addProduct',
    { code, name: `Race item ${code}`, price: 5000, coSponsorPrice: 1000, sponsorship: true },
    await adminToken(),
  );
  if (r.status !== 200) return newItem(); // a code already taken: try another
  const list = await api('getProducts', {}, await adminToken());
  const found = (list.body.data.productsResponses.SPONSORSHIP as { id: number; code: string }[]).find(
    (p) => p.code === code,
  );
  return found!.id;
}

async function productIdOf(code: string) {
  const r = await api('getUProducts', {});
  const all = Object.values(r.body.data.productsResponses).flat() as { id: number; code: string }[];
  const found = all.find((p) => p.code === code);
  if (found) return found.id;
  const m = await api('getProducts', {}, await adminToken());
  return (Object.values(m.body.data.productsResponses).flat() as { id: number; code: string }[]).find(
    (p) => p.code === code,
  )!.id;
}

describe('races over HTTP', () => {
  it('30 parallel wrong logins for one account: at most 5 tried, the rest 429', async () => {
    const u = await newUser();
    const rs = await Promise.all(
      Array.from({ length: 30 }, () => api('login', { email: u.email, password: 'not-the-password' })),
    );
    expect(rs.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
    expect(rs.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(25);
  });

  it('20 parallel /forgotPasswd for one email send at most 3 codes', async () => {
    const u = await newUser();
    await Promise.all(Array.from({ length: 20 }, () => api('forgotPasswd', { email: u.email })));
    const codes = (await outbox(u.email)).filter((m) => /temporary code/.test(m.subject));
    expect(codes).toHaveLength(3);
  });

  it('one reset code, four parallel /changePasswd: exactly one succeeds', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const u = await newUser();
      await api('forgotPasswd', { email: u.email });
      const mail = (await outbox(u.email)).find((m) => /temporary code/.test(m.subject))!;
      const code = /temporary code is: (\w+)/.exec(mail.text)![1]!;
      const rs = await Promise.all(
        [1, 2, 3, 4].map((n) =>
          api('changePasswd', { email: u.email, tempPasswd: code, newPasswd: `next-password-${n}` }),
        ),
      );
      expect(
        rs.filter((r) => r.status === 200),
        `round ${round}`,
      ).toHaveLength(1);
    }
  });

  it('a full sponsor and co-sponsors racing for one item: never both', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const item = await newItem();
      const buyers = [await newUser(), await newUser(), await newUser()];
      const kinds = [false, true, false];
      for (const [i, b] of buyers.entries()) {
        const r = await api('addToCart', { productQtys: { [item]: { qty: 1, fullSponsor: kinds[i] } } }, b.token);
        expect(r.status).toBe(200);
      }
      const rs = await Promise.all(buyers.map((b) => api('startOrder', { offline: true }, b.token)));
      const won = rs.map((r, i) => (r.status === 200 ? kinds[i] : null)).filter((k) => k !== null);
      for (const r of rs) expect([200, 409]).toContain(r.status);
      // either the full sponsor alone, or co-sponsors only
      expect(won.includes(true) && won.includes(false), `round ${round}: ${JSON.stringify(won)}`).toBe(false);
      expect(won.length).toBeGreaterThan(0);
    }
  });

  it('one cart, online and direct transfer at the same moment: one order', async () => {
    const mabd = await productIdOf('MABD');
    for (let round = 0; round < ROUNDS; round++) {
      const u = await newUser();
      expect((await api('addToCart', { productQtys: { [mabd]: { qty: 1 } } }, u.token)).status).toBe(200);
      await Promise.all([
        api('startOrder', { offline: false }, u.token),
        api('startOrder', { offline: true }, u.token),
      ]);
      const mine = await api('getOrders', {}, u.token);
      expect(mine.body.data, `round ${round}`).toHaveLength(1);
    }
  });

  it('member price: a second unpaid order cannot take the one entitlement again', async () => {
    // the demo member has an approved UTSAV membership in the seed? If not, this buyer gets one approved
    const u = await newUser();
    const mutv = await productIdOf('MUTV');
    const dpkp = await productIdOf('DPKP');
    await api('addToCart', { productQtys: { [mutv]: { qty: 1 } } }, u.token);
    const m = await api('startOrder', { offline: true }, u.token);
    await api(
      'handleOfflineOrder',
      { offlineTxnId: `UTR${Date.now()}${round()}`, orderRcptId: m.body.data.orderRcptId },
      u.token,
    );
    const me = await api('getPendingOrders', {}, await adminToken());
    const pending = (me.body.data as { orderPkId: number; offlineUserId: number; userEmail: string }[]).find(
      (o) => o.userEmail === u.email,
    )!;
    expect(
      (
        await api(
          'approveOfflineOrder',
          { offlineUserId: pending.offlineUserId, orderPkId: pending.orderPkId },
          await adminToken(),
        )
      ).status,
    ).toBe(200);
    const first = await api('addToCart', { productQtys: { [dpkp]: { qty: 1 } } }, u.token);
    expect(first.body.data.totalSellPrice).toBe(400);
    expect((await api('startOrder', { offline: false }, u.token)).status).toBe(200);
    const second = await api('addToCart', { productQtys: { [dpkp]: { qty: 1 } } }, u.token);
    expect(second.body.data.totalSellPrice).toBe(600);
  });

  it('one tap, parallel undos and a retried tap (decision 153): undone once, one audit row, the pass to collect', async () => {
    const admin = await adminToken();
    const vol = (await api('login', { email: 'volunteer@example.org', password: 'volunteer-demo-123' })).body.data
      .session as string;
    const dpdy = await productIdOf('DPDY');
    for (let r = 0; r < ROUNDS; r++) {
      const u = await newUser();
      expect((await api('addToCart', { productQtys: { [dpdy]: { qty: 1 } } }, u.token)).status).toBe(200);
      const order = await api('startOrder', { offline: true }, u.token);
      const rcpt = order.body.data.orderRcptId as string;
      await api('handleOfflineOrder', { offlineTxnId: `UTR${Date.now()}${round()}`, orderRcptId: rcpt }, u.token);
      const pending = (await api('getPendingOrders', {}, admin)).body.data as {
        orderRcptId: string;
        orderPkId: number;
        offlineUserId: number;
      }[];
      const mine = pending.find((o) => o.orderRcptId === rcpt)!;
      await api('approveOfflineOrder', { offlineUserId: mine.offlineUserId, orderPkId: mine.orderPkId }, admin);
      const nonce = `race-${crypto.randomUUID()}`;
      expect((await api('markCouponCollected', { orderRcptId: rcpt, nonce }, vol)).status).toBe(200);
      const rs = await Promise.all([
        ...Array.from({ length: 5 }, () => api('undoCollection', { nonce }, vol)),
        // the same tap sent again meanwhile (an outbox upload of its nonce) must not collect it back
        api('uploadCollections', { items: [{ nonce, orderRcptId: rcpt, happenedAt: Date.now() }] }, vol),
      ]);
      for (const x of rs.slice(0, 5)) expect(x.status, `round ${r}`).toBe(200);
      const audit = await api(
        'getAuditLog',
        { action: 'pass.collection_undone', entityId: String(mine.orderPkId) },
        admin,
      );
      expect(audit.body.data.rows, `round ${r}`).toHaveLength(1);
      const pass = (await api('searchVenuePasses', { q: rcpt }, vol)).body.data[0];
      expect(pass.passCollected, `round ${r}`).toBe(0);
    }
  });
});

let counter = 0;
function round() {
  counter++;
  return counter;
}
