// Bank statements (docs/decisions/140, 141): a shared id must be a
// whole payment reference, matching takes whole reference tokens of real SBI, HDFC, ICICI and Axis export lines,
// what fits two ways needs a person, "approve all matched" approves exact matches once and names the credit, a
// statement imported again remembers, a credit follows its transfer when it is rejected or refunded by hand, and
// a rejection carries a stock reason.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditsOf, findHeader, parseCsv } from '../../core/statement';
import { auditLog, orders, payments, products, statementLines } from '../../schema/index';
import { getConfig } from '../../worker/lib/config';
import type { Svc } from '../../worker/lib/svc';
import { confirmPayment, releaseLoaded } from '../../worker/services/transitions/orders';
import { axis, hdfc, icici, type Line, newUtr, sbi, upi } from '../fixtures/bank-statements';
import { makeOrder } from './admin-fixtures';
import { ADMIN, bindings, call, db, loginAs, MEMBER, newUser, outbox, VOLUNTEER } from './helpers';

const s = (): Svc => ({ db: db(), config: getConfig(bindings), env: bindings, origin: 'http://localhost' });
const rcptOf = (id: number) => `SMT${String(id).padStart(6, '0')}`;

let admin: string;
beforeAll(async () => {
  admin = await loginAs(ADMIN);
});

async function productId(code: string) {
  return (await db().select({ id: products.id }).from(products).where(eq(products.code, code)).get())!.id;
}

/** A member's direct transfer through the real calls: started, and (unless `share` is false) its id shared. */
async function transfer(
  code = 'MABD',
  txn: string | null = newUtr(),
  u?: Awaited<ReturnType<typeof newUser>>,
  qty = 1,
) {
  const user = u ?? (await newUser());
  const cart = await call('addToCart', { productQtys: { [await productId(code)]: { qty, code } } }, user.token);
  expect(cart.status).toBe(200);
  const start = await call('startOrder', { offline: true }, user.token);
  expect(start.status).toBe(200);
  const orderPkId = start.body.data.orderPkId as number;
  if (txn) {
    const shared = await call(
      'handleOfflineOrder',
      { isOffline: true, offlineTxnId: txn, offlineBankName: 'SBI', orderRcptId: start.body.data.orderRcptId },
      user.token,
    );
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
  }
  const order = (await db().select().from(orders).where(eq(orders.id, orderPkId)).get())!;
  return { u: user, order, txn: txn ?? '', rcpt: rcptOf(orderPkId), rupees: (order.totalPaise / 100).toFixed(2) };
}

/** The credits of an export file as the admin screen reads them (core/statement.ts). */
function creditsOfFile(text: string) {
  const rows = parseCsv(text);
  const h = findHeader(rows);
  if (!h) throw new Error('not a statement');
  return creditsOf(rows, h);
}

async function importFile(text: string, fileName = 'statement.csv') {
  const r = await call('importStatement', { fileName, credits: creditsOfFile(text) }, admin);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as {
    importId: number;
    credits: number;
    duplicates: number;
    lines: {
      lineId: number;
      state: string;
      orderRcptId: string | null;
      candidates: string[];
      flag: string | null;
      flagRcptId: string | null;
      importedBefore: boolean;
      expected: number | null;
    }[];
  };
}

const states = (v: Awaited<ReturnType<typeof importFile>>) => v.lines.map((l) => [l.state, l.orderRcptId]);
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)).get())!;
const lineRow = async (id: number) =>
  (await db().select().from(statementLines).where(eq(statementLines.id, id)).get())!;
const audits = (orderId: number, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(orderId)), eq(auditLog.action, action)))
    .all();

describe('a shared transaction id is a whole payment reference', () => {
  it('refuses, at /handleOfflineOrder, what cannot identify a payment, naming the field and changing nothing', async () => {
    const t = await transfer('MABD', null);
    for (const bad of [
      '4857',
      'UPI/CR/4857',
      '48572497113',
      '9830012345',
      'UTR-77',
      '000000000000',
      'T2411251234567890123456',
    ]) {
      const r = await call(
        'handleOfflineOrder',
        { isOffline: true, offlineTxnId: bad, orderRcptId: t.rcpt },
        t.u.token,
      );
      expect(r.status, bad).toBe(400);
      expect(r.body).toMatchObject({ error: 'BadRequest' });
      expect(r.body.desc).toMatch(
        /^offlineTxnId: this is not a bank or UPI reference\. .*12-digit UPI reference number \(UTR\)/,
      );
    }
    expect((await orderRow(t.order.id)).status).toBe('Pending Payment');
    const attempts = await db().select().from(payments).where(eq(payments.orderId, t.order.id)).all();
    expect(attempts.filter((p) => p.status !== 'created')).toEqual([]);
    // an app's digit groups are fine: the spaces go
    const utr = newUtr();
    const spaced = `${utr.slice(0, 4)} ${utr.slice(4, 8)} ${utr.slice(8)}`;
    const ok = await call('handleOfflineOrder', { offlineTxnId: spaced, orderRcptId: t.rcpt }, t.u.token);
    expect(ok.status).toBe(200);
    expect((await orderRow(t.order.id)).transactionId).toBe(spaced.replace(/ /g, ''));
  });

  it('takes the NEFT and RTGS UTR shapes, and the old field names of old clients', async () => {
    const day = String(Date.now()).slice(-8);
    for (const id of [`SBIN4233${day}`, `N3252412${day}`, `HDFCR520241125${day}`]) {
      const t = await transfer('MABD', null);
      const r = await call(
        'handleOfflineOrder',
        { offlineTxnId: id.toLowerCase(), orderRcptId: t.order.id },
        t.u.token,
      );
      expect(r.status, id).toBe(200);
      expect((await orderRow(t.order.id)).transactionId).toBe(id);
    }
  });

  it('refuses it where an admin completes a failed transfer, too; and checks the role first', async () => {
    const failed = await makeOrder({ status: 'Failed', paymentType: 'Offline', lines: [{ code: 'MABD', qty: 1 }] });
    const r = await call('completeFailedOrder', { orderPkId: failed.id, transactionId: '4857' }, admin);
    expect(r.status).toBe(400);
    expect(r.body.desc).toMatch(/^transactionId: this is not a bank or UPI reference/);
    expect((await orderRow(failed.id)).status).toBe('Failed');
    expect((await call('handleOfflineOrder', { offlineTxnId: '4857', orderRcptId: 'SMT000001' })).status).toBe(401);
  });
});

describe('matching real statement exports by whole references', () => {
  it("never matches a fragment: a member who shared '4857' takes nobody's credit, however the bank writes it", async () => {
    // shared before the forms refused fragments (written straight into the table, as an old order would be)
    const utr = newUtr();
    const fragment = await makeOrder({
      status: 'Pending Approval',
      paymentType: 'Offline',
      transactionId: utr.slice(0, 4),
      lines: [{ code: 'MABD', qty: 1 }],
    });
    const prefix = await makeOrder({
      status: 'Pending Approval',
      paymentType: 'Offline',
      transactionId: `UPI/CR/${utr.slice(0, 9)}`,
      lines: [{ code: 'MABD', qty: 1 }],
    });
    const lines: Line[] = [{ narration: upi.sbi(utr), reference: 'TRANSFER FROM 3199412044305', rupees: '1500' }];
    for (const text of [
      sbi(lines),
      hdfc([{ narration: upi.hdfc(utr), reference: `0000${utr}`, rupees: '1500' }]),
      icici([{ narration: upi.icici(utr), rupees: '1500' }]),
      axis([{ narration: upi.axis(utr), rupees: '1500' }]),
    ]) {
      const v = await importFile(text);
      expect(states(v)).toEqual([['unmatched', null]]);
      expect((await call('approveStatementMatches', { importId: v.importId }, admin)).body.data.approved).toBe(0);
    }
    expect((await orderRow(fragment.id)).status).toBe('Pending Approval');
    expect((await orderRow(prefix.id)).status).toBe('Pending Approval');
  });

  it('matches SBI, HDFC, ICICI and Axis lines: UPI, IMPS and NEFT, with shared amounts, mismatches and empty references', async () => {
    const banks = [
      ['sbi', (l: Line[]) => sbi(l.map((x) => ({ ...x, reference: 'TRANSFER FROM 3199412044305' })))],
      ['hdfc', hdfc],
      ['icici', icici],
      ['axis', axis],
    ] as const;
    for (const [bank, file] of banks) {
      // three members paying the same membership price: only the reference tells them apart
      const a = await transfer('MABD');
      const b = await transfer('MABD');
      const c = await transfer('MABD', `N3252412${String(Date.now()).slice(-7)}${bank.length}`);
      const d = await transfer('MHHR');
      const v = await importFile(
        file([
          { narration: upi.sbi(a.txn), rupees: a.rupees },
          { narration: `IMPS/P2A/${b.txn}/ANINDITA SEN/KKBK/Festival`, rupees: b.rupees },
          { narration: `NEFT/${c.txn}/RAJ KUMAR/HDFC BANK`, rupees: c.rupees },
          { narration: `UPI/P2M/${d.txn}/SEN/HDFC BANK/Festival`, rupees: '100.00' }, // the wrong amount
          { narration: 'INTEREST CREDITED', rupees: a.rupees }, // the same amount, no reference
        ]),
        `${bank}.csv`,
      );
      expect(states(v), bank).toEqual([
        ['matched', a.rcpt],
        ['matched', b.rcpt],
        ['matched', c.rcpt],
        ['mismatch', d.rcpt],
        ['unmatched', null],
      ]);
      expect(v.lines[3]!.expected).toBe(d.order.totalPaise / 100);
    }
  });

  it('two transfers fitting one credit, or one transfer fitting two credits, need a person and are never approved', async () => {
    const a = await transfer();
    const b = await transfer();
    const c = await transfer();
    const v = await importFile(
      hdfc([
        // one credit naming two shared ids
        { narration: upi.hdfc(a.txn), reference: b.txn, rupees: a.rupees },
        // two credits naming one shared id
        { narration: upi.hdfc(c.txn), reference: `0000${c.txn}`, rupees: c.rupees },
        { narration: `UPI-RAHUL DAS-X@OKSBI-SBIN0001234-${c.txn}-REFUND`, rupees: c.rupees },
      ]),
    );
    expect(v.lines.map((l) => [l.state, l.candidates])).toEqual([
      ['ambiguous', [a.rcpt, b.rcpt].sort()],
      ['ambiguous', [c.rcpt]],
      ['ambiguous', [c.rcpt]],
    ]);
    const r = await call('approveStatementMatches', { importId: v.importId }, admin);
    expect(r.body.data).toMatchObject({ approved: 0, skipped: 0 });
    for (const t of [a, b, c]) expect((await orderRow(t.order.id)).status).toBe('Pending Approval');

    // a second credit for a transfer matched by an earlier import: both need a person now
    const d = await transfer();
    const first = await importFile(sbi([{ narration: upi.sbi(d.txn), rupees: d.rupees }]));
    expect(states(first)).toEqual([['matched', d.rcpt]]);
    const second = await importFile(axis([{ narration: upi.axis(d.txn), rupees: d.rupees }]));
    expect(states(second)).toEqual([['ambiguous', d.rcpt]]);
    expect((await lineRow(first.lines[0]!.lineId)).state).toBe('ambiguous');
    expect((await call('approveStatementMatches', { importId: first.importId }, admin)).body.data.approved).toBe(0);
  });

  it('approves only exact matches, once, each naming the credit it used', async () => {
    const a = await transfer();
    const b = await transfer('MHHR');
    const v = await importFile(
      icici([
        { narration: upi.icici(a.txn), rupees: a.rupees },
        { narration: upi.icici(b.txn), rupees: '10.00' },
      ]),
    );
    const [x, y] = await Promise.all([
      call('approveStatementMatches', { importId: v.importId }, admin),
      call('approveStatementMatches', { importId: v.importId }, admin),
    ]);
    expect(x.body.data.approved + y.body.data.approved).toBe(1);
    expect((await orderRow(a.order.id)).status).toBe('Success');
    expect((await orderRow(b.order.id)).status).toBe('Pending Approval');
    const [approval] = await audits(a.order.id, 'order.approved');
    expect(JSON.parse(approval!.details)).toMatchObject({
      statementLineId: v.lines[0]!.lineId,
      creditReference: '-',
      creditDate: '01/11/2024',
      creditAmountPaise: a.order.totalPaise,
    });
    expect(await audits(a.order.id, 'order.approved')).toHaveLength(1);
    expect((await outbox(a.u.email)).filter((m) => m.subject.startsWith('Contribution confirmed'))).toHaveLength(1);
    expect(await lineRow(v.lines[0]!.lineId)).toMatchObject({ state: 'approved', orderId: a.order.id });
    const summary = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'statement.approved'), eq(auditLog.entityId, String(v.importId))))
      .all();
    expect(summary.flatMap((r) => JSON.parse(r.details).approvals)).toEqual([
      { orderRcptId: a.rcpt, lineId: v.lines[0]!.lineId },
    ]);
  });

  it('refuses bad input with a 400 naming the problem, and anyone but an admin first', async () => {
    expect((await call('importStatement', { credits: [] }, admin)).body.desc).toMatch(/not a bank statement/);
    const many = Array.from({ length: 151 }, (_, i) => ({
      row: i + 1,
      date: 'd',
      narration: 'n',
      reference: `R${i}`,
      amountPaise: 100,
    }));
    expect((await call('importStatement', { credits: many }, admin)).body.desc).toMatch(/at most 150 credits/);
    const negative = await call(
      'importStatement',
      { credits: [{ row: 1, date: 'd', narration: '', reference: 'x', amountPaise: -5 }] },
      admin,
    );
    expect(negative.body.desc).toMatch(/credits\.0\.amountPaise must be more than 0/);
    const credit = { row: 1, date: 'd', narration: '', reference: 'x', amountPaise: 5 };
    const unknown = await call('importStatement', { importId: 999999, credits: [credit] }, admin);
    expect(unknown).toMatchObject({ status: 400, body: { error: 'UnknownImport' } });
    expect((await call('approveStatementMatches', { importId: 999999 }, admin)).body.error).toBe('UnknownImport');
    expect((await call('approveStatementMatches', { importId: 'x' }, admin)).body.desc).toMatch(/^importId/);
    const volunteer = await loginAs(VOLUNTEER);
    const member = await loginAs(MEMBER);
    for (const [path, body] of [
      ['importStatement', { credits: [] }],
      ['approveStatementMatches', { importId: 'x' }],
      ['getStatementCredits', {}],
      ['clearStatementFlag', { lineId: 'x' }],
    ] as const) {
      expect((await call(path, body, volunteer)).status, path).toBe(403);
      expect((await call(path, body, member)).status, path).toBe(403);
      expect((await call(path, body)).status, path).toBe(401);
    }
  });
});

describe('statements remember', () => {
  it('a statement imported again shows its still-open matches as approvable, and keeps every state', async () => {
    const a = await transfer();
    const b = await transfer('MHHR', null); // paid, but has not shared the id yet
    const bUtr = newUtr();
    const lines: Line[] = [
      { narration: upi.sbi(a.txn), rupees: a.rupees },
      { narration: upi.sbi(bUtr), rupees: b.rupees },
    ];
    const first = await importFile(sbi(lines), 'nov.xls');
    expect(states(first)).toEqual([
      ['matched', a.rcpt],
      ['unmatched', null],
    ]);

    // the same file again: the credits are known (no duplicates), the match still open and approvable here
    const again = await importFile(sbi(lines), 'nov.xls');
    expect(again).toMatchObject({ credits: 2, duplicates: 2 });
    expect(states(again)).toEqual([
      ['matched', a.rcpt],
      ['unmatched', null],
    ]);
    expect(again.lines.every((l) => l.importedBefore)).toBe(true);
    expect(again.lines.map((l) => l.lineId)).toEqual(first.lines.map((l) => l.lineId));
    const approved = await call('approveStatementMatches', { importId: again.importId }, admin);
    expect(approved.body.data.approved).toBe(1);
    expect(approved.body.data.statement.lines[0]).toMatchObject({ state: 'approved', orderRcptId: a.rcpt });

    // the member shares the id now; an overlapping file (the same two lines and a new one) matches the credit
    // left unmatched, keeps the approved one approved, and records only the new line
    const c = await transfer();
    const share = await call('handleOfflineOrder', { offlineTxnId: bUtr, orderRcptId: b.rcpt }, b.u.token);
    expect(share.status).toBe(200);
    const overlap = await importFile(sbi([...lines, { narration: upi.sbi(c.txn), rupees: c.rupees }]), 'nov-dec.xls');
    expect(overlap).toMatchObject({ credits: 3, duplicates: 2 });
    expect(states(overlap)).toEqual([
      ['approved', a.rcpt],
      ['matched', b.rcpt],
      ['matched', c.rcpt],
    ]);
    expect(overlap.lines.map((l) => l.importedBefore)).toEqual([true, true, false]);
    expect(
      (await db().select().from(statementLines).where(sql`${statementLines.orderId} = ${a.order.id}`).all()).length,
    ).toBe(1);
    // the first import shows what became of its credits
    const firstNow = await call('getStatementImport', { importId: first.importId }, admin);
    expect(states(firstNow.body.data)).toEqual([
      ['approved', a.rcpt],
      ['matched', b.rcpt],
    ]);
  });
});

describe('a matched credit follows its order', () => {
  it('a rejected transfer lets its credit go: unmatched, money received, flagged for the treasurer', async () => {
    const t = await transfer();
    const v = await importFile(axis([{ narration: upi.axis(t.txn), rupees: t.rupees }]));
    expect(states(v)).toEqual([['matched', t.rcpt]]);
    const credits = await call('getStatementCredits', {}, admin);
    expect(credits.body.data.open).toContainEqual(
      expect.objectContaining({ lineId: v.lines[0]!.lineId, state: 'matched' }),
    );

    const r = await call(
      'rejectOfflineOrder',
      { offlineUserId: t.order.userId, orderPkId: t.order.id, reasonCode: 'amountDiffers' },
      admin,
    );
    expect(r.status).toBe(200);
    expect(await lineRow(v.lines[0]!.lineId)).toMatchObject({
      state: 'unmatched',
      orderId: null,
      flag: 'order_rejected',
      flagOrderId: t.order.id,
    });
    const after = await call('getStatementCredits', {}, admin);
    expect(after.body.data.open.map((l: { lineId: number }) => l.lineId)).not.toContain(v.lines[0]!.lineId);
    expect(after.body.data.flagged).toContainEqual(
      expect.objectContaining({
        lineId: v.lines[0]!.lineId,
        flag: 'order_rejected',
        flagRcptId: t.rcpt,
        state: 'unmatched',
      }),
    );
    // approving it now is not possible: "approve all" of that statement approves nothing
    expect((await call('approveStatementMatches', { importId: v.importId }, admin)).body.data.approved).toBe(0);

    // the treasurer deals with it: the flag goes, with an audit row; a second time is a 404; bad input a 400
    const cleared = await call('clearStatementFlag', { lineId: v.lines[0]!.lineId, note: 'Sent back by NEFT' }, admin);
    expect(cleared).toMatchObject({ status: 200, body: { data: { message: 'Marked as dealt with.' } } });
    expect((await lineRow(v.lines[0]!.lineId)).flag).toBeNull();
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'statement.flag_cleared'), eq(auditLog.entityId, String(v.lines[0]!.lineId))))
      .all();
    expect(JSON.parse(row!.details)).toMatchObject({
      flag: 'order_rejected',
      order: t.order.id,
      note: 'Sent back by NEFT',
    });
    expect((await call('clearStatementFlag', { lineId: v.lines[0]!.lineId }, admin)).status).toBe(404);
    expect((await call('clearStatementFlag', { lineId: -1 }, admin)).body.desc).toMatch(/^lineId/);
    expect((await call('clearStatementFlag', { lineId: 1, extra: true }, admin)).status).toBe(400);
  });

  it('a transfer approved from the statement and refunded by hand: partly, the credit stays; in full, it returns', async () => {
    const t = await transfer('MABD', newUtr(), undefined, 2);
    const v = await importFile(icici([{ narration: upi.icici(t.txn), rupees: t.rupees }]));
    await call('approveStatementMatches', { importId: v.importId }, admin);
    expect((await lineRow(v.lines[0]!.lineId)).state).toBe('approved');

    const refunds = await call('getOrderRefunds', { orderPkId: t.order.id }, admin);
    const line = refunds.body.data.lines[0];
    expect(line.qty).toBe(2);
    {
      const part = await call(
        'refundOrder',
        {
          orderPkId: t.order.id,
          lines: [{ lineId: line.lineId, qty: 1 }],
          reason: 'One member fewer',
          reference: `NEFTA${String(Date.now()).slice(-10)}`,
          requestKey: `k-${crypto.randomUUID()}`,
        },
        admin,
      );
      expect(part.status).toBe(200);
      expect(await lineRow(v.lines[0]!.lineId)).toMatchObject({ state: 'approved', flag: 'order_partly_refunded' });
    }
    const full = await call(
      'refundOrder',
      {
        orderPkId: t.order.id,
        all: true,
        reason: 'Cannot come',
        reference: `NEFTB${String(Date.now()).slice(-10)}`,
        requestKey: `k-${crypto.randomUUID()}`,
      },
      admin,
    );
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(await lineRow(v.lines[0]!.lineId)).toMatchObject({
      state: 'unmatched',
      orderId: null,
      flag: 'order_refunded',
      flagOrderId: t.order.id,
    });
  });

  it('an approval by hand uses the credit that fits the transfer and names it', async () => {
    const t = await transfer();
    const v = await importFile(hdfc([{ narration: upi.hdfc(t.txn), reference: `0000${t.txn}`, rupees: '1.00' }]));
    expect(states(v)).toEqual([['mismatch', t.rcpt]]);
    const r = await call('approveOfflineOrder', { offlineUserId: t.order.userId, orderPkId: t.order.id }, admin);
    expect(r.status).toBe(200);
    expect(await lineRow(v.lines[0]!.lineId)).toMatchObject({ state: 'approved', orderId: t.order.id });
    const [approval] = await audits(t.order.id, 'order.approved');
    expect(JSON.parse(approval!.details)).toMatchObject({
      statementLineId: v.lines[0]!.lineId,
      creditAmountPaise: 100,
    });
  });

  it('the database decides: an approval whose credit changed after it was read approves nothing', async () => {
    const t = await transfer();
    const v = await importFile(sbi([{ narration: upi.sbi(t.txn), rupees: t.rupees }]));
    const line = v.lines[0]!;
    // another import made the credit need a person between the read and the write
    await db().update(statementLines).set({ state: 'ambiguous' }).where(eq(statementLines.id, line.lineId));
    const credit = {
      lineId: line.lineId,
      reference: '',
      date: 'd',
      amountPaise: t.order.totalPaise,
      states: ['matched'] as const,
    };
    const r = await confirmPayment(s(), { orderId: t.order.id, via: 'admin', actorId: 1, credit });
    expect(r.changed).toBe(false);
    expect((await orderRow(t.order.id)).status).toBe('Pending Approval');
    expect((await lineRow(line.lineId)).state).toBe('ambiguous');
    expect(await audits(t.order.id, 'order.approved')).toHaveLength(0);
    // a rejection refused by its guard (the order moved on) leaves the credit where it was
    await db().update(statementLines).set({ state: 'matched' }).where(eq(statementLines.id, line.lineId));
    await confirmPayment(s(), { orderId: t.order.id, via: 'admin', actorId: 1, credit });
    const stale = { ...(await orderRow(t.order.id)), status: 'Pending Approval' as const };
    const rej = await releaseLoaded(s(), stale, {
      orderId: t.order.id,
      to: 'Rejected',
      reason: 'x',
      via: 'admin',
      actorId: 1,
    });
    expect(rej.changed).toBe(false);
    expect(await lineRow(line.lineId)).toMatchObject({ state: 'approved', flag: null });
  });
});

describe('rejecting a transfer', () => {
  it('takes a stock reason into the email (in the member’s language) and the audit row', async () => {
    const t = await transfer();
    const r = await call(
      'rejectOfflineOrder',
      { offlineUserId: t.order.userId, orderPkId: t.order.id, reasonCode: 'duplicate' },
      admin,
    );
    expect(r.status).toBe(200);
    const mail = (await outbox(t.u.email)).find((m) => m.subject.startsWith('Contribution not verified'))!;
    expect(mail.text).toContain('Reason: This transfer was already counted for another contribution.');
    const [row] = await audits(t.order.id, 'order.rejected');
    expect(JSON.parse(row!.details)).toMatchObject({
      reason: 'This transfer was already counted for another contribution.',
      reasonCode: 'duplicate',
    });
    expect((await orderRow(t.order.id)).rejectReason).toBe(
      'This transfer was already counted for another contribution.',
    );

    const bn = await newUser();
    expect((await call('setLanguage', { lang: 'bn-IN' }, bn.token)).status).toBe(200);
    const b = await transfer('MABD', newUtr(), bn);
    await call(
      'rejectOfflineOrder',
      { offlineUserId: b.order.userId, orderPkId: b.order.id, reasonCode: 'notFound' },
      admin,
    );
    const bnMail = (await outbox(bn.email)).find((m) => m.subject.includes(b.rcpt) && m.subject.includes('যাচাই'))!;
    expect(bnMail.text).toContain('কারণ: সমিতির ব্যাঙ্ক অ্যাকাউন্টে এই ট্রান্সফারটি আমরা খুঁজে পাইনি।');
  });

  it("'other' needs the text; an old client's text or nothing at all is still accepted", async () => {
    const t = await transfer();
    const body = { offlineUserId: t.order.userId, orderPkId: t.order.id };
    const missing = await call('rejectOfflineOrder', { ...body, reasonCode: 'other' }, admin);
    expect(missing.status).toBe(400);
    expect(missing.body.desc).toMatch(/^reason is required when reasonCode is other/);
    const unknown = await call('rejectOfflineOrder', { ...body, reasonCode: 'because' }, admin);
    expect(unknown.body.desc).toMatch(/^reasonCode must be one of notFound, amountDiffers, duplicate, other/);
    expect((await orderRow(t.order.id)).status).toBe('Pending Approval');
    const other = await call(
      'rejectOfflineOrder',
      { ...body, reasonCode: 'other', reason: 'Paid to the old account' },
      admin,
    );
    expect(other.status).toBe(200);
    expect((await orderRow(t.order.id)).rejectReason).toBe('Paid to the old account');

    const old = await transfer();
    await call(
      'rejectOfflineOrder',
      { offlineUserId: old.order.userId, orderPkId: old.order.id, reason: 'No credit yet' },
      admin,
    );
    expect((await orderRow(old.order.id)).rejectReason).toBe('No credit yet');
    const oldest = await transfer();
    await call('rejectOfflineOrder', { offlineUserId: oldest.order.userId, orderPkId: oldest.order.id }, admin);
    expect((await orderRow(oldest.order.id)).rejectReason).toBe(
      "We could not find this transfer in the association's bank account.",
    );
    const [row] = await audits(oldest.order.id, 'order.rejected');
    expect(JSON.parse(row!.details).reasonCode).toBe('notFound');
    expect((await call('rejectOfflineOrder', { ...body, reasonCode: 'other' }, await loginAs(VOLUNTEER))).status).toBe(
      403,
    );
  });
});
