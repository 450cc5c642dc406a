// Races over HTTP against `wrangler dev`: here requests really interleave, as they do in
// production; in the worker tier they run one after the other, so the guards are also tested directly
// there (tests/worker/hardening.test.ts). No browser: plain parallel fetches, as an attacker would.
import { describe, expect, it } from 'vitest';
import { creditsOf, findHeader, parseCsv } from '../../core/statement';
import { axis, hdfc, newUtr, sbi, upi } from '../fixtures/bank-statements';
import { api, outbox, payCartOnline, post, uniqueEmail } from './browser';

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

  // bank statements (docs/decisions/140): the approval's conditional update requires its credit to be still
  // matched to a transfer still waiting, and turns the credit 'approved' in the same batch
  it("parallel 'approve all matched', on a statement and on its re-import: each transfer approved once", async () => {
    const mabd = await productIdOf('MABD');
    const token = await adminToken();
    const credits = (file: string) => {
      const rows = parseCsv(file);
      return creditsOf(rows, findHeader(rows)!);
    };
    for (let round = 0; round < 3; round++) {
      const transfers: { email: string; rcpt: string; txn: string }[] = [];
      for (let i = 0; i < 4; i++) {
        const u = await newUser();
        await api('addToCart', { productQtys: { [mabd]: { qty: 1 } } }, u.token);
        const start = await api('startOrder', { offline: true }, u.token);
        const txn = newUtr();
        const shared = await api(
          'handleOfflineOrder',
          { offlineTxnId: txn, orderRcptId: start.body.data.orderRcptId },
          u.token,
        );
        expect(shared.status).toBe(200);
        transfers.push({ email: u.email, rcpt: start.body.data.orderRcptId, txn });
      }
      // the same credits twice: in the bank's order, and as an overlapping export listing them newest first, so
      // that the calls on the two imports approve in opposite orders and meet on the same transfers
      const lines = transfers.map((t, i) => ({ narration: upi.sbi(t.txn), rupees: '1500', day: i + 1 }));
      const first = await api('importStatement', { fileName: 'a.xls', credits: credits(sbi(lines)) }, token);
      const again = await api(
        'importStatement',
        { fileName: 'b.xls', credits: credits(sbi([...lines].reverse())) },
        token,
      );
      expect(first.body.data.lines.map((l: { state: string }) => l.state)).toEqual(Array(4).fill('matched'));
      expect(again.body.data).toMatchObject({ duplicates: 4 });
      // wrangler dev lets the first request of a burst through alone and the rest together once it has answered:
      // a cheap call leads the burst, so that the approvals themselves overlap
      const [, ...calls] = await Promise.all([
        api('getStatementMapping', {}, token),
        ...Array.from({ length: 6 }, (_, i) =>
          api('approveStatementMatches', { importId: (i % 2 ? first : again).body.data.importId }, token),
        ),
      ]);
      expect(calls.map((c) => c.status)).toEqual(Array(6).fill(200));
      const approvals = calls.map((c) => c.body.data.approved);
      expect(
        approvals.reduce((n, a) => n + a, 0),
        `round ${round}: ${approvals.join(' ')}`,
      ).toBe(4);
      for (const t of transfers) {
        const confirmed = (await outbox(t.email)).filter((m) => m.subject === `Contribution confirmed: ${t.rcpt}`);
        expect(confirmed, t.rcpt).toHaveLength(1);
      }
      const after = await api('getStatementImport', { importId: first.body.data.importId }, token);
      expect(
        after.body.data.lines.map((l: { state: string; orderRcptId: string }) => [l.state, l.orderRcptId]),
      ).toEqual(transfers.map((t) => ['approved', t.rcpt]));
    }
  });

  it('two statements imported at once that fit one transfer: never matched twice, both need a person', async () => {
    const mabd = await productIdOf('MABD');
    for (let round = 0; round < ROUNDS; round++) {
      const u = await newUser();
      await api('addToCart', { productQtys: { [mabd]: { qty: 1 } } }, u.token);
      const start = await api('startOrder', { offline: true }, u.token);
      const txn = newUtr();
      await api('handleOfflineOrder', { offlineTxnId: txn, orderRcptId: start.body.data.orderRcptId }, u.token);
      // the same payment as two banks' exports would show it (a different line each: two credits)
      const files = [
        axis([{ narration: upi.axis(txn), rupees: '1500' }]),
        hdfc([{ narration: upi.hdfc(txn), reference: `0000${txn}`, rupees: '1500' }]),
      ];
      const token = await adminToken();
      // led by a cheap call, as above, so that the two imports overlap
      const [, ...imports] = await Promise.all([
        api('getStatementMapping', {}, token),
        ...files.map((f) => {
          const rows = parseCsv(f);
          return api('importStatement', { credits: creditsOf(rows, findHeader(rows)!) }, token);
        }),
      ]);
      const states = [];
      for (const i of imports) {
        const now = await api('getStatementImport', { importId: i.body.data.importId }, token);
        states.push(...now.body.data.lines.map((l: { state: string }) => l.state));
      }
      expect(states, `round ${round}`).toEqual(['ambiguous', 'ambiguous']);
    }
  });

  it('member price: a second unpaid order cannot take the one entitlement again', async () => {
    // the demo member has an approved UTSAV membership in the seed? If not, this buyer gets one approved
    const u = await newUser();
    const mutv = await productIdOf('MUTV');
    const dpkp = await productIdOf('DPKP');
    await api('addToCart', { productQtys: { [mutv]: { qty: 1 } } }, u.token);
    const m = await api('startOrder', { offline: true }, u.token);
    await api('handleOfflineOrder', { offlineTxnId: newUtr(), orderRcptId: m.body.data.orderRcptId }, u.token);
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
      await api('handleOfflineOrder', { offlineTxnId: newUtr(), orderRcptId: rcpt }, u.token);
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

  it('a refund and a pass collection at the same moment: collected or refunded, never both', async () => {
    const volunteer = await post<{ session: string }>('login', {
      email: 'volunteer@example.org',
      password: 'volunteer-demo-123',
    });
    const dpad = await productIdOf('DPAD');
    // the gateway answers a refund after 400 ms, as a real one takes a moment: the refund's row is written before
    // it is asked, so a tap in that moment must already find the pass being refunded
    await post('/dev/razorpay/refund-mode', { mode: 'process', delayMs: 400 });
    const outcomes = { collected: 0, refunded: 0 };
    // the tap starts from 60 ms before to 540 ms after the refund, so that it lands in every step of the refund's
    // requests: before its row, between the row and the gateway's answer, after it
    for (let offset = -60; offset <= 540; offset += 50) {
      const u = await newUser();
      await post('addToCart', { productQtys: { [dpad]: { qty: 2, code: 'DPAD' } } }, u.token);
      const start = await payCartOnline(u.token);
      const later = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
      const [refund, tap] = await Promise.all([
        later(-offset).then(async () =>
          api(
            'refundOrder',
            { orderPkId: start.orderPkId, all: true, reason: 'Race', requestKey: `race-${crypto.randomUUID()}` },
            await adminToken(),
          ),
        ),
        later(offset).then(() =>
          api('markCouponCollected', { orderRcptId: start.rcpt, nonce: crypto.randomUUID() }, volunteer.session),
        ),
      ]);
      // what the database holds now: the pass (admin's collection list) and the order's refunds
      const refunds = await post<{ passCollected: number | null; refunds: { status: string }[] }>(
        'getOrderRefunds',
        { orderPkId: start.orderPkId },
        await adminToken(),
      );
      const standing = refunds.refunds.filter((r) => r.status !== 'failed');
      const at = `offset ${offset}: refund ${refund.status} ${refund.body.error ?? ''}, tap ${tap.status} ${tap.body.error ?? ''}`;
      if (refunds.passCollected === 1) {
        expect(tap.status, at).toBe(200);
        expect(refund.body.error, at).toBe('PassCollected');
        expect(standing, at).toHaveLength(0);
        outcomes.collected++;
      } else {
        expect(refund.status, at).toBe(200);
        expect(tap.body.error, at).toBe('Refunded');
        expect(standing, at).toHaveLength(1);
        outcomes.refunded++;
      }
    }
    await post('/dev/razorpay/refund-mode', { mode: 'process' });
    // both endings happened, so the taps did land on both sides of the refund
    expect(outcomes.collected, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.refunded, JSON.stringify(outcomes)).toBeGreaterThan(0);
  });
});
