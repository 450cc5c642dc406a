// Numbered receipts and credit notes: issued with the transition to paid, without gaps or duplicates
// under parallel confirmations; credit notes on refunds; carry-over keeps its receipt; billing details (PAN, GSTIN
// with its check character); the receipt page's call, the re-send, and the register whose totals the Overview shows.
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { festivalYear } from '../../core/festival-year';
import { formatRcptId } from '../../core/ids';
import { auditLog, orders, receiptCounters, receipts } from '../../schema/index';
import { newUtr } from '../fixtures/bank-statements';
import { ADMIN, call, db, loginAs, newUser, outbox } from './helpers';
import { fillCart, gateway, key, paidOnline, paidTransfer, refundRow, setMode, until } from './refund-fixtures';

let admin: string;
beforeEach(async () => {
  admin ??= await loginAs(ADMIN);
  await setMode('process');
});

const year = festivalYear();
const receiptsOf = (orderId: number) => db().select().from(receipts).where(eq(receipts.orderId, orderId)).all();

/** The series of the year: every number from 1 to the counter issued exactly once. */
async function expectNoGaps(kind: 'receipt' | 'credit_note') {
  const series = kind === 'receipt' ? 'R' : 'CN';
  const seqs = (
    await db()
      .select({ seq: receipts.seq })
      .from(receipts)
      .where(and(eq(receipts.kind, kind), eq(receipts.fiscalYear, year)))
      .orderBy(receipts.seq)
      .all()
  ).map((r) => r.seq);
  const counter = await db()
    .select()
    .from(receiptCounters)
    .where(and(eq(receiptCounters.series, series), eq(receiptCounters.fiscalYear, year)))
    .get();
  expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  expect(counter?.last ?? 0).toBe(seqs.length);
}

/** An online order started and paid on the test gateway, not yet confirmed to the server. */
async function paidNotConfirmed(webhooks = false) {
  const u = await newUser();
  await fillCart(u.token, [{ code: 'MABD', qty: 1 }]);
  const start = await call('startOrder', { offline: false }, u.token);
  expect(start.status).toBe(200);
  const paid = await gateway('pay', {
    key: 'rzp_test_local',
    order_id: start.body.data.orderOrTokenId,
    outcome: 'success',
    webhooks,
  });
  const body = {
    isOffline: false,
    orderId: start.body.data.orderOrTokenId,
    razorpayPaymentId: paid.body.razorpay_payment_id,
    razorpaySignature: paid.body.razorpay_signature,
  };
  return { u, body, orderPkId: start.body.data.orderPkId as number, paymentId: paid.body.razorpay_payment_id };
}

describe('receipts are issued with the payment', () => {
  it('online: numbered in the festival year, with the payment id, linked from the confirmation email', async () => {
    const { u, orderPkId, paymentId } = await paidOnline([{ code: 'MABD', qty: 1 }]);
    const [r, ...more] = await receiptsOf(orderPkId);
    expect(more).toHaveLength(0);
    const order = (await db().select().from(orders).where(eq(orders.id, orderPkId)).get())!;
    expect(r).toMatchObject({
      kind: 'receipt',
      fiscalYear: year,
      mode: 'Online',
      reference: paymentId,
      amountPaise: order.totalPaise,
      payerName: u.name,
    });
    expect(r!.number).toBe(`${year}/${String(r!.seq).padStart(6, '0')}`);
    const mail = (await outbox(u.email)).find((m) => m.subject.startsWith('Contribution confirmed'))!;
    expect(mail.text).toContain(`Your receipt number is ${r!.number}.`);
    expect(mail.text).toContain(`/receipt/${formatRcptId(orderPkId)}`);
    // the member's receipt page reads it
    const page = await call('getReceipt', { orderRcptId: formatRcptId(orderPkId) }, u.token);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      number: r!.number,
      payerName: u.name,
      mode: 'Online',
      reference: paymentId,
      amount: order.totalPaise / 100,
      lines: [{ name: expect.any(String), qty: 1, amount: expect.any(Number) }],
      creditNotes: [],
      carriedOver: null,
      eightyG: null,
    });
  });

  it('direct transfer: issued on approval, with the transaction id', async () => {
    const { u, orderPkId, txn } = await paidTransfer([{ code: 'MHHR', qty: 1 }], admin);
    const [r] = await receiptsOf(orderPkId);
    expect(r).toMatchObject({ kind: 'receipt', mode: 'Offline', reference: txn, fiscalYear: year });
    const page = await call('getReceipt', { orderRcptId: formatRcptId(orderPkId) }, u.token);
    expect(page.body.data).toMatchObject({ number: r!.number, mode: 'Offline', reference: txn, bankName: 'SBI' });
  });

  it('no receipt before the money is confirmed', async () => {
    const u = await newUser();
    await fillCart(u.token, [{ code: 'MABD', qty: 1 }]);
    const start = await call('startOrder', { offline: true }, u.token);
    const r = await call('getReceipt', { orderRcptId: start.body.data.orderRcptId }, u.token);
    expect(r).toMatchObject({ status: 404, body: { error: 'NotFound' } });
    expect(r.body.desc).toMatch(/no receipt yet/);
    expect(await receiptsOf(start.body.data.orderPkId)).toHaveLength(0);
  });

  it('parallel confirmations (callback twice and the webhook) of many orders: one receipt each, no gaps', async () => {
    const started = await Promise.all(Array.from({ length: 6 }, (_, i) => paidNotConfirmed(i % 2 === 0)));
    const rs = await Promise.all(
      started.flatMap((o) => [
        call('handleSuccessOrder', o.body, o.u.token),
        call('handleSuccessOrder', o.body, o.u.token),
      ]),
    );
    expect(rs.map((r) => r.status)).toEqual(rs.map(() => 200));
    // the webhooks of half of them arrive around the callbacks; wait until they are through
    await until(
      async () => (await db().select({ n: sql<number>`count(*)` }).from(sql`webhook_events`).get())!.n,
      () => false,
      600,
    );
    const numbers: string[] = [];
    for (const o of started) {
      const mine = await receiptsOf(o.orderPkId);
      expect(mine).toHaveLength(1);
      numbers.push(mine[0]!.number);
      const mails = (await outbox(o.u.email)).filter((m) => m.subject.startsWith('Contribution confirmed'));
      expect(mails).toHaveLength(1);
    }
    expect(new Set(numbers).size).toBe(started.length);
    await expectNoGaps('receipt');
  });

  it('a replayed callback after the receipt issues no second one', async () => {
    const o = await paidNotConfirmed();
    expect((await call('handleSuccessOrder', o.body, o.u.token)).status).toBe(200);
    const before = await receiptsOf(o.orderPkId);
    expect((await call('handleSuccessOrder', o.body, o.u.token)).status).toBe(200);
    expect(await receiptsOf(o.orderPkId)).toEqual(before);
    await expectNoGaps('receipt');
  });
});

describe('credit notes', () => {
  it('a transfer refund issues a numbered credit note naming the receipt', async () => {
    const { u, orderPkId } = await paidTransfer([{ code: 'MABD', qty: 1 }], admin);
    const [receipt] = await receiptsOf(orderPkId);
    const reference = `CNREF${crypto.randomUUID().slice(0, 8)}`.toUpperCase();
    const r = await call(
      'refundOrder',
      { orderPkId, all: true, reason: 'Moved away', reference, requestKey: key() },
      admin,
    );
    expect(r.status).toBe(200);
    const notes = (await receiptsOf(orderPkId)).filter((x) => x.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      receiptId: receipt!.id,
      fiscalYear: year,
      mode: 'Offline',
      reference,
      amountPaise: receipt!.amountPaise,
    });
    expect(notes[0]!.number).toBe(`CN/${year}/${String(notes[0]!.seq).padStart(6, '0')}`);
    const page = await call('getReceipt', { orderRcptId: formatRcptId(orderPkId) }, u.token);
    expect(page.body.data.creditNotes).toEqual([
      expect.objectContaining({ number: notes[0]!.number, amount: receipt!.amountPaise / 100 }),
    ]);
    // the refund email names the credit note and the receipt
    const done = (await outbox(u.email)).find((x) => x.subject.startsWith('Refund done'))!;
    expect(done.text).toContain(
      `Credit note ${notes[0]!.number} against receipt ${receipt!.number} records this refund.`,
    );
    await expectNoGaps('credit_note');
  });

  it('parallel refunds of many orders: one credit note each, no gaps', async () => {
    const paid = await Promise.all(Array.from({ length: 4 }, () => paidTransfer([{ code: 'MABD', qty: 1 }], admin)));
    const rs = await Promise.all(
      paid.map((p) =>
        call(
          'refundOrder',
          {
            orderPkId: p.orderPkId,
            all: true,
            reason: 'Festival plan changed',
            reference: `PAR${crypto.randomUUID().slice(0, 8)}`,
            requestKey: key(),
          },
          admin,
        ),
      ),
    );
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const p of paid)
      expect((await receiptsOf(p.orderPkId)).filter((x) => x.kind === 'credit_note')).toHaveLength(1);
    await expectNoGaps('credit_note');
  });

  it('an online refund issues its credit note once the money has gone, once however often the webhook comes', async () => {
    const { orderPkId } = await paidOnline([{ code: 'MHHR', qty: 2 }]);
    await setMode('hold');
    const r = await call('refundOrder', { orderPkId, all: true, reason: 'Cannot attend', requestKey: key() }, admin);
    expect(r.status).toBe(200);
    // pending at the gateway: no credit note yet
    expect((await receiptsOf(orderPkId)).filter((x) => x.kind === 'credit_note')).toHaveLength(0);
    const row = await refundRow(orderPkId);
    await gateway('settle-refund', { refund_id: row.providerRefundId, outcome: 'processed' });
    await until(
      () => refundRow(orderPkId),
      (x) => x.status === 'processed',
    );
    const notes = (await receiptsOf(orderPkId)).filter((x) => x.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ mode: 'Online', reference: row.providerRefundId, amountPaise: row.amountPaise });
    await expectNoGaps('credit_note');
  });

  it('a carry-over keeps its receipt and says so; no credit note', async () => {
    const { u, orderPkId } = await paidOnline([{ code: 'MABD', qty: 1 }]);
    const [receipt] = await receiptsOf(orderPkId);
    const r = await call('carryOverOrder', { orderPkId, reason: 'Festival called off', requestKey: key() }, admin);
    expect(r.status).toBe(200);
    expect((await receiptsOf(orderPkId)).filter((x) => x.kind === 'credit_note')).toHaveLength(0);
    const carriedTo = r.body.data.refund.carriedTo as string;
    expect(await receiptsOf(Number(carriedTo.slice(3)))).toHaveLength(0);
    const original = await call('getReceipt', { orderRcptId: formatRcptId(orderPkId) }, u.token);
    expect(original.body.data).toMatchObject({
      number: receipt!.number,
      carriedOver: { toOrderRcptId: carriedTo, toYear: expect.stringMatching(/^\d{4}-\d{2}$/) },
    });
    const carried = await call('getReceipt', { orderRcptId: carriedTo }, u.token);
    expect(carried.body.data).toMatchObject({
      number: receipt!.number,
      carriedFrom: { fromOrderRcptId: formatRcptId(orderPkId), fromYear: year },
    });
  });
});

describe('billing details', () => {
  it('at checkout: checked for shape and the GSTIN check character, refused whole when wrong', async () => {
    const u = await newUser();
    await fillCart(u.token, [{ code: 'MABD', qty: 1 }]);
    const badPan = await call('startOrder', { offline: true, pan: 'ABCDE12345' }, u.token);
    expect(badPan).toMatchObject({ status: 400, body: { error: 'BadRequest' } });
    expect(badPan.body.desc).toMatch(/^pan/);
    const badCheck = await call('startOrder', { offline: true, gstin: '27AAPFU0939F1ZW' }, u.token);
    expect(badCheck.status).toBe(400);
    expect(badCheck.body.desc).toMatch(/^gstin.*check character/);
    const badShape = await call('startOrder', { offline: true, gstin: '27AAPFU0939F' }, u.token);
    expect(badShape.body.desc).toMatch(/^gstin.*must look like/);
    const wrongType = await call('startOrder', { offline: true, billingName: 42 }, u.token);
    expect(wrongType.body.desc).toMatch(/^billingName/);
    // nothing was started
    expect((await call('getOrders', {}, u.token)).body.data).toHaveLength(0);
    // good ones, as typed, go on the receipt normalized
    const ok = await call(
      'startOrder',
      { offline: true, billingName: 'Acme Traders LLP', pan: 'aapfu0939f', gstin: '27aapfu 0939f1zv' },
      u.token,
    );
    expect(ok.status).toBe(200);
    const orderPkId = ok.body.data.orderPkId as number;
    const txn = newUtr();
    await call(
      'handleOfflineOrder',
      { isOffline: true, offlineTxnId: txn, offlineBankName: 'SBI', orderRcptId: ok.body.data.orderRcptId },
      u.token,
    );
    const order = (await db().select().from(orders).where(eq(orders.id, orderPkId)).get())!;
    expect((await call('approveOfflineOrder', { offlineUserId: order.userId, orderPkId }, admin)).status).toBe(200);
    expect((await receiptsOf(orderPkId))[0]).toMatchObject({
      billingName: 'Acme Traders LLP',
      pan: 'AAPFU0939F',
      gstin: '27AAPFU0939F1ZV',
    });
  });

  it('added later to a receipt by its member, audited with before and after; others cannot', async () => {
    const { u, orderPkId } = await paidOnline([{ code: 'MABD', qty: 1 }]);
    const orderRcptId = formatRcptId(orderPkId);
    const bad = await call('setReceiptBilling', { orderRcptId, gstin: '29AAGCB7383J1Z5' }, u.token);
    expect(bad.status).toBe(400);
    expect(bad.body.desc).toMatch(/gstin/);
    const ok = await call(
      'setReceiptBilling',
      { orderRcptId, billingName: 'Bose & Sons', pan: 'AAGCB7383J', gstin: '29AAGCB7383J1Z4' },
      u.token,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.receipt).toMatchObject({
      billingName: 'Bose & Sons',
      pan: 'AAGCB7383J',
      gstin: '29AAGCB7383J1Z4',
    });
    // the same again: nothing changes, no second audit row
    await call(
      'setReceiptBilling',
      { orderRcptId, billingName: 'Bose & Sons', pan: 'AAGCB7383J', gstin: '29AAGCB7383J1Z4' },
      u.token,
    );
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(orderPkId)), eq(auditLog.action, 'receipt.billing_changed')))
      .all();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.details)).toMatchObject({
      from: { billingName: null, pan: null, gstin: null },
      to: { billingName: 'Bose & Sons', pan: 'AAGCB7383J', gstin: '29AAGCB7383J1Z4' },
    });
    // someone else, an admin, nobody
    const other = await newUser();
    expect((await call('setReceiptBilling', { orderRcptId, billingName: 'X' }, other.token)).status).toBe(404);
    expect((await call('getReceipt', { orderRcptId }, other.token)).status).toBe(404);
    expect((await call('setReceiptBilling', { orderRcptId, billingName: 'X' }, admin)).status).toBe(404);
    expect((await call('getReceipt', { orderRcptId })).status).toBe(401);
    expect((await call('getReceipt', { orderRcptId }, admin)).status).toBe(200);
    expect((await call('getReceipt', { orderRcptId: 'nonsense!' }, u.token)).status).toBe(400);
    expect((await call('getReceipt', {}, u.token)).body.desc).toMatch(/orderRcptId/);
  });
});

describe('80G', () => {
  it('appears on receipts only once the association sets its 80G details in Settings', async () => {
    const { u, orderPkId } = await paidOnline([{ code: 'MABD', qty: 1 }]);
    const orderRcptId = formatRcptId(orderPkId);
    expect((await call('getReceipt', { orderRcptId }, u.token)).body.data.eightyG).toBeNull();
    expect((await call('getAdminSettings', {}, admin)).body.data.eightyG).toBeNull();
    const text = 'AAATS1234XF20214 valid from 2021-22 to 2025-26';
    const set = await call('updateSettings', { eightyG: text }, admin);
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ eightyG: text, changed: ['eightyG'] });
    expect((await call('getReceipt', { orderRcptId }, u.token)).body.data.eightyG).toBe(text);
    expect((await call('updateSettings', { eightyG: 42 }, admin)).status).toBe(400);
    expect((await call('updateSettings', { eightyG: 'x' }, u.token)).status).toBe(403);
    // cleared again: none
    expect((await call('updateSettings', { eightyG: '' }, admin)).body.data.eightyG).toBeNull();
    expect((await call('getReceipt', { orderRcptId }, u.token)).body.data.eightyG).toBeNull();
  });
});

describe('admin: re-send and the register', () => {
  it('re-sends the receipt to the payer, audited; admins only', async () => {
    const { u, orderPkId } = await paidOnline([{ code: 'MABD', qty: 1 }]);
    const [r] = await receiptsOf(orderPkId);
    expect((await call('resendReceipt', { orderPkId }, u.token)).status).toBe(403);
    expect((await call('resendReceipt', { orderPkId: 'x' }, admin)).status).toBe(400);
    const ok = await call('resendReceipt', { orderPkId }, admin);
    expect(ok.status).toBe(200);
    const mail = (await outbox(u.email)).find(
      (m) => m.subject === `Your receipt ${r!.number}: ${formatRcptId(orderPkId)}`,
    );
    expect(mail?.text).toContain(`/receipt/${formatRcptId(orderPkId)}`);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(orderPkId)), eq(auditLog.action, 'receipt.resent')))
      .all();
    expect(audited).toHaveLength(1);
  });

  it('exports receipts and credit notes as CSV whose totals by mode equal the Overview', async () => {
    const t1 = await paidTransfer([{ code: 'MABD', qty: 1 }], admin);
    await call(
      'refundOrder',
      {
        orderPkId: t1.orderPkId,
        all: true,
        reason: 'x',
        reference: `REG${crypto.randomUUID().slice(0, 8)}`,
        requestKey: key(),
      },
      admin,
    );
    await paidOnline([{ code: 'MHHR', qty: 1 }]);
    const reg = await call('getReceiptRegister', { fiscalYear: year }, admin);
    expect(reg.status).toBe(200);
    const data = reg.body.data;
    const lines = (data.csv as string).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Number,Date,Contribution,Name,Billing name,PAN,GSTIN,Amount,Mode,Reference,Refund or carry-over',
    );
    expect(lines).toHaveLength(data.rows.length + 1);
    // sums from the CSV's own cells, per mode
    const sum = (mode: string, sign: 1 | -1) =>
      lines
        .slice(1)
        .map((l: string) => l.split(','))
        .filter((c: string[]) => c[8] === mode && Math.sign(Number(c[7])) === sign)
        .reduce((n: number, c: string[]) => n + Math.round(Number(c[7]) * 100), 0);
    const overview = (await call('getOverview', { fiscalYear: year }, admin)).body.data;
    for (const mode of ['Online', 'Offline']) {
      const o = overview.receipts.find((x: { mode: string }) => x.mode === mode);
      expect(Math.round(o.received * 100)).toBe(sum(mode, 1));
      expect(Math.round(o.refunded * 100)).toBe(-sum(mode, -1));
      expect(Math.round(o.net * 100)).toBe(sum(mode, 1) + sum(mode, -1));
      expect(data.totals).toContainEqual(o);
    }
    // the Overview's paid totals by payment type hold the receipts (no carried-in order this year in this file)
    expect(overview.receipts.find((x: { mode: string }) => x.mode === 'Offline').received).toBeGreaterThan(0);
    // a credit note names its receipt
    const note = data.rows.find(
      (r: { kind: string; orderRcptId: string }) =>
        r.kind === 'credit_note' && r.orderRcptId === formatRcptId(t1.orderPkId),
    );
    const rec = data.rows.find(
      (r: { kind: string; orderRcptId: string }) =>
        r.kind === 'receipt' && r.orderRcptId === formatRcptId(t1.orderPkId),
    );
    expect(note.note).toBe(`refund of ${rec.number}`);
    expect(note.amount).toBe(-rec.amount);
    // admins only; bad input
    const member = await newUser();
    expect((await call('getReceiptRegister', {}, member.token)).status).toBe(403);
    expect((await call('getReceiptRegister', {})).status).toBe(401);
    const bad = await call('getReceiptRegister', { fiscalYear: '2026' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.desc).toMatch(/fiscalYear/);
  });
});
