// Numbered receipts and credit notes as people read them (docs/decisions/260-263): the receipt page's
// data, billing details added later by the member, an admin re-sending the receipt, and the register of a
// festival year with its totals by mode. The receipts themselves are issued by the transitions
// (worker/services/transitions/receipts.ts), never here.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ReceiptMode,
  ReceiptRegister,
  ReceiptTotals,
  ReceiptView,
  RegisterRow,
  receiptBillingRequest,
  receiptLinkRequest,
  receiptRegisterRequest,
  receiptRequest,
  resendReceiptRequest,
} from '../../../core/contracts/receipts';
import { toCsv } from '../../../core/csv';
import { festivalYear } from '../../../core/festival-year';
import { formatRcptId, parseRcptId } from '../../../core/ids';
import { formatINR, paiseToRupees } from '../../../core/money';
import { gateSales, orderLines, orders, receipts, refunds } from '../../../schema/index';
import { hmacSha256, timingSafeEqual, toBase64Url } from '../../lib/crypto';
import { raw, runBatch } from '../../lib/d1-batch';
import { DomainError, say, told } from '../../lib/errors';
import { compose, type MailLink, sendMail, type Words } from '../../lib/mail';
import type { Actor } from '../../lib/session';
import type { Svc } from '../../lib/svc';
import { getSetting } from '../admin/settings';
import type { ReceiptBillingResult } from '../../../core/contracts/receipts';
import { billingOnOrders } from '../transitions/order-details';

type ReceiptRow = typeof receipts.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

const notYours = () => new DomainError('NotFound', say('order.notYours'), 404);

/** The receipt page's address: /receipt/<contribution id>, in the reader's language (the app's own choice). */
export const receiptPath = (orderPkId: number) => `/receipt/${formatRcptId(orderPkId)}`;

/**
 * The key of a receipt's link (docs/decisions/280): an HMAC of the order's id under the server's secret, so that
 * the link opens that one receipt and no other, and cannot be made without the secret. It does not expire: a
 * receipt is kept for the books.
 */
export async function receiptKey(s: Svc, orderPkId: number): Promise<string> {
  return toBase64Url(await hmacSha256(s.config.PASSWORD_PEPPER, `receipt-link:${orderPkId}`));
}

/** The receipt's link in an email: a walk-in's (no account to sign in to) carries the key that opens it. */
export async function receiptLink(s: Svc, orderPkId: number, walkIn: boolean): Promise<string> {
  const page = `${s.origin}${receiptPath(orderPkId)}`;
  return walkIn ? `${page}?key=${await receiptKey(s, orderPkId)}` : page;
}

/** The order a receipt stands for: a carried-in order's is the one it came from. */
async function carriedFromOf(s: Svc, orderId: number) {
  return s.db
    .select({ orderId: refunds.orderId })
    .from(refunds)
    .where(and(eq(refunds.carriedToOrderId, orderId), eq(refunds.method, 'carry_over')))
    .get();
}

async function receiptOfOrder(s: Svc, orderId: number): Promise<ReceiptRow | undefined> {
  return s.db
    .select()
    .from(receipts)
    .where(and(eq(receipts.kind, 'receipt'), eq(receipts.orderId, orderId)))
    .get();
}

/** The caller's order (any order for an admin) by its contribution id; 400 for a malformed id, 404 otherwise. */
async function ownOrder(s: Svc, actor: Actor, rcpt: string | number): Promise<OrderRow> {
  const id = parseRcptId(rcpt);
  if (id === null) throw new DomainError('BadRequest', say('receipt.badRcptId'), 400);
  const order = await s.db.select().from(orders).where(eq(orders.id, id)).get();
  if (!order || (order.userId !== actor.userId && !actor.isAdmin)) throw notYours();
  return order;
}

/** The receipt of a paid order with everything the page prints. */
async function receiptView(s: Svc, order: OrderRow): Promise<ReceiptView> {
  const from = await carriedFromOf(s, order.id);
  const receiptOrder = from ? await s.db.select().from(orders).where(eq(orders.id, from.orderId)).get() : order;
  const receipt = receiptOrder ? await receiptOfOrder(s, receiptOrder.id) : undefined;
  if (!receipt || !receiptOrder) throw new DomainError('NotFound', say('receipt.none'), 404);
  const [lines, notes, carried, eightyG, sale] = await Promise.all([
    s.db.select().from(orderLines).where(eq(orderLines.orderId, receiptOrder.id)).orderBy(orderLines.id).all(),
    s.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.kind, 'credit_note'), eq(receipts.receiptId, receipt.id)))
      .orderBy(asc(receipts.id))
      .all(),
    s.db
      .select({ amountPaise: refunds.amountPaise, toOrderId: refunds.carriedToOrderId, toYear: orders.fiscalYear })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.carriedToOrderId))
      .where(and(eq(refunds.orderId, receiptOrder.id), eq(refunds.method, 'carry_over')))
      .all(),
    getSetting(s.db, 'eightyG'),
    s.db.select({ mode: gateSales.mode }).from(gateSales).where(eq(gateSales.orderId, receiptOrder.id)).get(),
  ]);
  const address = [receiptOrder.addr1, receiptOrder.addr2, receiptOrder.city, receiptOrder.state, receiptOrder.pin]
    .filter((x) => x)
    .join(', ');
  const firstCarried = carried[0];
  return {
    number: receipt.number,
    fiscalYear: receipt.fiscalYear,
    issuedAt: receipt.issuedAt,
    orderRcptId: formatRcptId(receiptOrder.id),
    orderPkId: receiptOrder.id,
    payerName: receipt.payerName,
    payerEmail: receiptOrder.userEmail,
    billingName: receipt.billingName,
    pan: receipt.pan,
    gstin: receipt.gstin,
    address: address || null,
    lines: lines.map((l) => ({ name: l.name, qty: l.qty, amount: paiseToRupees(l.sellPricePaise) })),
    convenienceCharge: paiseToRupees(receiptOrder.conveniencePaise),
    amount: paiseToRupees(receipt.amountPaise),
    mode: receipt.mode,
    gate: sale?.mode ?? null,
    reference: receipt.reference,
    bankName: receiptOrder.paymentType === 'Offline' ? receiptOrder.bankName : null,
    paymentDate: receiptOrder.paymentDate,
    creditNotes: notes.map((n) => ({
      number: n.number,
      issuedAt: n.issuedAt,
      amount: paiseToRupees(n.amountPaise),
      mode: n.mode,
      reference: n.reference,
    })),
    carriedOver:
      firstCarried?.toOrderId != null
        ? {
            toYear: firstCarried.toYear,
            toOrderRcptId: formatRcptId(firstCarried.toOrderId),
            amount: paiseToRupees(carried.reduce((n, c) => n + c.amountPaise, 0)),
          }
        : null,
    carriedFrom: from ? { fromYear: receiptOrder.fiscalYear, fromOrderRcptId: formatRcptId(receiptOrder.id) } : null,
    eightyG: eightyG ?? null,
  };
}

/** /getReceipt: the member's own receipt (an admin's: any). */
export async function getReceipt(s: Svc, actor: Actor, input: z.output<typeof receiptRequest>): Promise<ReceiptView> {
  return receiptView(s, await ownOrder(s, actor, input.orderRcptId));
}

/** /getReceiptByLink: the receipt the link's key opens, without a session; any other key or id is refused alike. */
export async function getReceiptByLink(s: Svc, input: z.output<typeof receiptLinkRequest>): Promise<ReceiptView> {
  const id = parseRcptId(input.orderRcptId);
  if (id === null) throw new DomainError('BadRequest', say('receipt.badRcptId'), 400);
  const refused = () => new DomainError('InvalidLink', say('receipt.badLink'), 403);
  if (!timingSafeEqual(await receiptKey(s, id), input.key)) throw refused();
  const order = await s.db.select().from(orders).where(eq(orders.id, id)).get();
  if (!order) throw refused();
  return receiptView(s, order);
}

/**
 * /setReceiptBilling: the member adds or corrects the billing name, PAN and GSTIN on their receipt (the order
 * keeps the same, for a carry-over's new order). One batch: the audit row (with before and after) is written only
 * if a value changed, from the row before the update.
 */
export async function setReceiptBilling(
  s: Svc,
  actor: Actor,
  input: z.output<typeof receiptBillingRequest>,
): Promise<ReceiptBillingResult> {
  const order = await ownOrder(s, actor, input.orderRcptId);
  if (order.userId !== actor.userId) throw notYours(); // the member's own details: not an admin's to write
  const from = await carriedFromOf(s, order.id);
  const receipt = await receiptOfOrder(s, from?.orderId ?? order.id);
  if (!receipt) throw new DomainError('NotFound', say('receipt.none'), 404);
  const next = { billingName: input.billingName, pan: input.pan, gstin: input.gstin };
  const differs = `(billing_name IS NOT ? OR pan IS NOT ? OR gstin IS NOT ?)`;
  await runBatch(s.db, [
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
       SELECT ?, 'receipt.billing_changed', 'order', CAST(order_id AS TEXT), json_object('receipt', number,
         'from', json_object('billingName', billing_name, 'pan', pan, 'gstin', gstin),
         'to', json_object('billingName', ?, 'pan', ?, 'gstin', ?))
       FROM receipts WHERE id = ? AND ${differs}`,
      actor.userId,
      next.billingName,
      next.pan,
      next.gstin,
      receipt.id,
      next.billingName,
      next.pan,
      next.gstin,
    ),
    raw(
      `UPDATE receipts SET billing_name = ?, pan = ?, gstin = ? WHERE id = ? AND ${differs}`,
      next.billingName,
      next.pan,
      next.gstin,
      receipt.id,
      next.billingName,
      next.pan,
      next.gstin,
    ),
    billingOnOrders(next, [receipt.orderId, order.id]),
  ]);
  return { ...told('receipt.billingSaved'), receipt: await receiptView(s, order) };
}

/** The receipt email: its number, the amount and the link to the page that prints it. */
export function receiptMailParagraphs(w: Words, number: string, href: string): (string | MailLink)[] {
  return [w('receiptMail.number', { number }), { href, label: w('receiptMail.link') }];
}

/** /resendReceipt: an admin sends the receipt's link to the payer again (audited). */
export async function resendReceipt(s: Svc, actor: Actor, input: z.output<typeof resendReceiptRequest>) {
  const order = await s.db.select().from(orders).where(eq(orders.id, input.orderPkId)).get();
  if (!order) throw new DomainError('NotFound', say('order.noSuch'), 404);
  const view = await receiptView(s, order);
  const rcpt = formatRcptId(order.id);
  // a gate sale's buyer is a walk-in, with no account: the link carries its key
  const href = await receiptLink(s, order.id, view.gate !== null);
  await sendMail(s.db, s.config, {
    to: order.userEmail,
    write: (w) =>
      compose(w('receiptMail.subject', { number: view.number, rcpt }), [
        w('mail.greeting', { name: order.userName }),
        w('receiptMail.here', { rcpt, amount: formatINR(Math.round(view.amount * 100)) }),
        ...receiptMailParagraphs(w, view.number, href),
      ]),
  });
  await runBatch(s.db, [
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details) VALUES (?, 'receipt.resent', 'order', ?, ?)`,
      actor.userId,
      String(order.id),
      JSON.stringify({ receipt: view.number, to: order.userEmail }),
    ),
  ]);
  return told('receipt.resent', { email: order.userEmail });
}

const dateIST = (ms: number) => new Date(ms + 5.5 * 3600 * 1000).toISOString().slice(0, 10);

export const REGISTER_COLUMNS = [
  'Number',
  'Date',
  'Contribution',
  'Name',
  'Billing name',
  'PAN',
  'GSTIN',
  'Amount',
  'Mode',
  'Reference',
  'Refund or carry-over',
] as const;

/**
 * /getReceiptRegister: every receipt and credit note of the festival year in number order (receipts, then credit
 * notes), a credit note's amount negative, with the CSV an auditor takes and the totals by mode.
 */
export async function receiptRegister(
  s: Svc,
  input: z.output<typeof receiptRegisterRequest>,
): Promise<ReceiptRegister> {
  const year = input.fiscalYear ?? festivalYear();
  const rows = await s.db
    .select()
    .from(receipts)
    .where(eq(receipts.fiscalYear, year))
    .orderBy(asc(receipts.kind), asc(receipts.seq))
    .all();
  const ids = rows.filter((r) => r.kind === 'receipt').map((r) => r.orderId);
  const carried = ids.length
    ? await s.db
        .select({
          orderId: refunds.orderId,
          amountPaise: refunds.amountPaise,
          toOrderId: refunds.carriedToOrderId,
          toYear: orders.fiscalYear,
        })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.carriedToOrderId))
        .where(and(eq(refunds.method, 'carry_over'), inArray(refunds.orderId, ids)))
        .all()
    : [];
  const numberOf = new Map(rows.map((r) => [r.id, r.number]));
  const missing = rows.filter((r) => r.receiptId !== null && !numberOf.has(r.receiptId)).map((r) => r.receiptId!);
  if (missing.length) {
    for (const r of await s.db
      .select({ id: receipts.id, number: receipts.number })
      .from(receipts)
      .where(inArray(receipts.id, missing))
      .all())
      numberOf.set(r.id, r.number);
  }
  const register: RegisterRow[] = rows.map((r) => {
    const credit = r.kind === 'credit_note';
    const moved = credit ? [] : carried.filter((c) => c.orderId === r.orderId);
    const note = credit
      ? `refund of ${r.receiptId !== null ? (numberOf.get(r.receiptId) ?? '') : formatRcptId(r.orderId)}`
      : moved.length
        ? moved
            .map((c) => `carried over to ${c.toYear} (${formatRcptId(c.toOrderId!)}): ${formatINR(c.amountPaise)}`)
            .join('; ')
        : null;
    return {
      number: r.number,
      kind: r.kind,
      date: dateIST(r.issuedAt),
      orderRcptId: formatRcptId(r.orderId),
      name: r.payerName,
      billingName: r.billingName,
      pan: r.pan,
      gstin: r.gstin,
      amount: paiseToRupees(credit ? -r.amountPaise : r.amountPaise),
      mode: r.mode,
      reference: r.reference,
      note,
    };
  });
  const csv = toCsv(register, [
    { header: 'Number', value: (r) => r.number },
    { header: 'Date', value: (r) => r.date },
    { header: 'Contribution', value: (r) => r.orderRcptId },
    { header: 'Name', value: (r) => r.name },
    { header: 'Billing name', value: (r) => r.billingName },
    { header: 'PAN', value: (r) => r.pan },
    { header: 'GSTIN', value: (r) => r.gstin },
    { header: 'Amount', value: (r) => r.amount.toFixed(2) },
    { header: 'Mode', value: (r) => r.mode },
    { header: 'Reference', value: (r) => r.reference },
    { header: 'Refund or carry-over', value: (r) => r.note },
  ]);
  return { fiscalYear: year, rows: register, csv, totals: await receiptTotals(s, year) };
}

/** Receipts and credit notes of the year per mode, summed by the database (the Overview shows the same). */
export function receiptTotalsQuery(db: Svc['db'], year: string) {
  return db
    .select({
      mode: receipts.mode,
      kind: receipts.kind,
      n: sql<number>`count(*)`,
      amountPaise: sql<number>`sum(${receipts.amountPaise})`,
    })
    .from(receipts)
    .where(eq(receipts.fiscalYear, year))
    .groupBy(receipts.mode, receipts.kind);
}

export function receiptTotalsOf(
  rows: readonly { mode: ReceiptMode; kind: 'receipt' | 'credit_note'; n: number; amountPaise: number }[],
): ReceiptTotals[] {
  return (['Online', 'Offline'] as const).map((mode) => {
    const of = (kind: string) => rows.find((r) => r.mode === mode && r.kind === kind);
    const received = Number(of('receipt')?.amountPaise ?? 0);
    const refunded = Number(of('credit_note')?.amountPaise ?? 0);
    return {
      mode,
      receipts: Number(of('receipt')?.n ?? 0),
      received: paiseToRupees(received),
      creditNotes: Number(of('credit_note')?.n ?? 0),
      refunded: paiseToRupees(refunded),
      net: paiseToRupees(received - refunded),
    };
  });
}

async function receiptTotals(s: Svc, year: string) {
  return receiptTotalsOf(await receiptTotalsQuery(s.db, year).all());
}

/** The credit note of a refund and the number of the receipt it reduces (the refund email names both). */
export async function creditNoteOf(s: Svc, refundId: number) {
  const note = await s.db.select().from(receipts).where(eq(receipts.refundId, refundId)).get();
  if (!note) return null;
  const receipt =
    note.receiptId === null
      ? undefined
      : await s.db.select({ number: receipts.number }).from(receipts).where(eq(receipts.id, note.receiptId)).get();
  return { number: note.number, receipt: receipt?.number ?? null };
}
