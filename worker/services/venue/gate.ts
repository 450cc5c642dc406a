// Gate sales by volunteers (docs/decisions/250-252). A volunteer sells passes to a walk-in for
// cash or UPI; the pass is issued and collected at once (transitions/gate-sale.ts, one guarded batch). A sale is
// sent with the phone's nonce at once, or later from its queue: the same nonce is the same sale. A sale the phone
// made without an answer (offline: the buyer already has the pass) is recorded, never refused; what it oversold
// or a UTR that paid another order already is flagged for the admins. Admins read the sales per volunteer per day
// and record the cash handed over.
import { and, eq, sql } from 'drizzle-orm';
import { availability } from '../../../core/capacity';
import type {
  GateConflictRow,
  GateDayRow,
  GateMode,
  GateProductsResponse,
  GateSalesResponse,
  RecordGateSaleResponse,
} from '../../../core/contracts/gate';
import type { VenuePass } from '../../../core/contracts/venue';
import { festivalYear } from '../../../core/festival';
import { formatRcptId, parseRcptId } from '../../../core/ids';
import { formatINR, paiseToRupees, rupeesToPaise } from '../../../core/money';
import { EXTRA_CONTRIBUTION_CODE, type PricingProduct, priceLine } from '../../../core/pricing';
import { gateSales, orderLines, orders, payments, products, receipts, users } from '../../../schema/index';
import { afterChange, type Guard } from '../../lib/audit';
import { isUniqueViolation, raw, runBatch } from '../../lib/d1-batch';
import { badRequest, conflict, DomainError, notFound, say, told } from '../../lib/errors';
import { log } from '../../lib/log';
import { compose, linesText, sendMail, trackMail } from '../../lib/mail';
import type { Actor } from '../../lib/session';
import { type Svc, sessionBatchOf } from '../../lib/svc';
import { availabilityOf, forceTakeUnits, takeUnits } from '../catalogue/capacity';
import { isLiveSql, toPricing } from '../catalogue/catalogue';
import { receiptLink, receiptMailParagraphs } from '../checkout/receipts';
import { getSettings } from '../admin/settings';
import { recordGateSale as writeGateSale } from '../transitions/gate-sale';
import { clearGateConflictAttention } from '../transitions/order-details';
import { forDesk, type PassRow, passQueries, toPass } from './venue-read';

/** The festival day a sale belongs to: its date in India (IST, UTC+5:30), whatever the phone's time zone. */
export function saleDayOf(epochMs: number): string {
  return new Date(epochMs + 330 * 60_000).toISOString().slice(0, 10);
}

/** How far back a queued sale's time is believed: a phone whose clock was wrong still lands on a real day. */
const MAX_QUEUE_AGE_MS = 7 * 24 * 3_600_000;

/** What the gate sells: the available daily passes (not the extra contribution), at the full price. */
function gateProductsQuery(s: Svc) {
  return (
    s.db
      .select()
      .from(products)
      // on sale now: published and of the live festival year (next year's drafts are not sold at the gate)
      .where(and(eq(products.type, 'DAILY_PASS'), eq(products.available, true), isLiveSql(Date.now())))
      .orderBy(products.sortOrder, products.id)
  );
}

async function gateProducts(s: Svc) {
  return (await gateProductsQuery(s)).filter((p) => p.code !== EXTRA_CONTRIBUTION_CODE);
}

/** /getGateProducts (staff): what the phone keeps for selling offline, and the association's UPI id for the QR. */
export async function listGateProducts(s: Svc): Promise<GateProductsResponse> {
  const [rows, { bank }] = await Promise.all([gateProducts(s), getSettings(s.db, ['bank'])]);
  return {
    products: rows.map((p) => ({
      productId: p.id,
      code: p.code,
      name: p.name,
      nameBn: p.nameBn,
      price: paiseToRupees(p.pricePaise),
      unitsLeft: availability(p.capacity, p.taken).unitsLeft,
    })),
    upi: { vpa: bank.upiVpa, payee: bank.payee },
    fiscalYear: festivalYear(),
  };
}

export type SaleInput = {
  nonce: string;
  buyerName: string;
  buyerMobile: string;
  buyerEmail: string | null;
  lines: { productId: number; qty: number }[];
  mode: GateMode;
  utr?: string | null;
  happenedAt: number;
  deviceId?: string | null;
  offline?: boolean | null;
};

/**
 * Capacity, the one place it plugs into a gate sale (docs/decisions/251, worker/services/catalogue/capacity.ts): each line's
 * units are taken in the sale's own batch. Online a take that does not fit aborts the batch (SoldOut, nothing
 * handed over); a sale the phone made offline has happened: its units are forced past the capacity (products.oversold)
 * and the sale is flagged 'oversold' for the admins when it left a product over its capacity.
 */
function capacityOf(lines: readonly { productId: number; qty: number }[], offline: boolean) {
  const ids = lines.map((l) => l.productId);
  return {
    capacity: (mine: Guard) =>
      lines.map((l) => (offline ? forceTakeUnits(l.productId, l.qty, mine) : takeUnits(l.productId, l.qty, mine))),
    oversoldNow: offline
      ? sql`EXISTS (SELECT 1 FROM products WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) AND capacity IS NOT NULL AND taken > capacity)`
      : undefined,
  };
}

/** The refusal of an online sale whose passes ran out: which product, and how many are left. */
async function soldOut(s: Svc, lines: readonly { productId: number; qty: number }[]) {
  const now = await availabilityOf(
    s,
    lines.map((l) => l.productId),
  );
  const short = lines.find((l) => {
    const a = now.get(l.productId);
    return a?.unitsLeft != null && a.unitsLeft < l.qty;
  });
  const a = short ? now.get(short.productId) : undefined;
  const left = a?.unitsLeft ?? 0;
  return conflict('SoldOut', say(left > 0 ? 'gate.fewerLeft' : 'gate.soldOut', { name: a?.name ?? '', left }));
}

/** /recordGateSale (staff): one sale, online or from the phone's queue; the same nonce answers the same sale. */
export async function recordSale(s: Svc, input: SaleInput): Promise<RecordGateSaleResponse> {
  const offline = input.offline === true;
  const utr = input.mode === 'upi' ? (input.utr ?? null) : null;
  // the session lookup and every read in one round trip (session: 'batch'): the nonce's sale (a replay), what the
  // gate sells, whether the UTR paid already; a caller without the role reads none of them (me.limit)
  const { actor, results } = await sessionBatchOf(s)(
    (me, db) =>
      [
        db.select().from(gateSales).where(eq(gateSales.nonce, input.nonce)).limit(me.limit(1)),
        gateProductsQuery(s).limit(me.limit(200)),
        db
          .select({ orderId: payments.orderId })
          .from(payments)
          .where(and(eq(payments.transactionId, utr ?? ''), sql`${payments.status} <> 'rejected'`))
          .limit(me.limit(1)),
      ] as const,
  );
  const [existingRows, sellableRows, usedRows] = results;
  const existing = existingRows[0];
  if (existing) return answerExisting(s, actor, existing.orderId, existing.volunteerId, existing.conflict);

  const sellable = new Map(sellableRows.filter((p) => p.code !== EXTRA_CONTRIBUTION_CODE).map((p) => [p.id, p]));
  const lines = input.lines.map((l, i) => {
    const p = sellable.get(l.productId);
    if (!p) throw badRequest(say('gate.notSold', { field: `lines.${i}.productId` }));
    const product: PricingProduct = toPricing(p);
    // walk-ins buy at the price: a member price needs the member's own account (DECISIONS.md, member-priced passes)
    return priceLine(product, l, { utsavMemberships: 0, memberPricedUsed: {} });
  });
  const totalPaise = lines.reduce((a, l) => a + l.sellPricePaise, 0);

  let conflictWith: string | null = null;
  let utrFree = utr;
  if (utr && usedRows.length > 0) {
    if (!offline) throw conflict('UtrUsed', say('gate.utrUsed'));
    // the buyer already walked in with the pass: recorded, and the admins see the UTR to check
    utrFree = null;
    conflictWith = 'utr_used';
  }
  const now = Date.now();
  const happenedAt = offline ? Math.max(Math.min(input.happenedAt, now), now - MAX_QUEUE_AGE_MS) : now;
  const write = {
    nonce: input.nonce,
    volunteerId: actor.userId,
    deviceId: input.deviceId ?? null,
    buyer: { name: input.buyerName, mobile: input.buyerMobile, email: input.buyerEmail },
    lines,
    totalPaise,
    mode: input.mode,
    utr: utrFree,
    utrTyped: utr,
    saleDay: saleDayOf(happenedAt),
    happenedAt,
    fiscalYear: festivalYear(happenedAt),
    source: offline ? ('offline' as const) : ('online' as const),
    conflict: conflictWith,
    ...capacityOf(input.lines, offline),
  };
  let written: Awaited<ReturnType<typeof writeGateSale>>;
  try {
    written = await writeGateSale(s, write);
  } catch (err) {
    if (err instanceof DomainError && err.code === 'SoldOut') throw await soldOut(s, input.lines);
    if (!(err instanceof DomainError && err.code === 'UtrUsed') || !offline) throw err;
    // another sale took the UTR between the read and the write: recorded all the same, for the admins
    written = await writeGateSale(s, { ...write, utr: null, conflict: write.conflict ?? 'utr_used' });
  }
  const { order, sale, mine, pass } = written;
  if (sale.volunteerId !== actor.userId) throw conflict('NonceReused', say('venue.nonceReused'));
  if (mine) {
    log('info', 'gate.sale', { orderId: order.id, mode: sale.mode, source: sale.source, conflict: sale.conflict });
    if (order.userEmail) {
      const mail = receiptMail(s, order.id, { ...order, mode: sale.mode, utr: sale.utr, seller: actor.name }).catch(
        (err) => log('error', 'mail.gate_receipt_failed', { orderId: order.id, error: String(err) }),
      );
      if (s.defer) s.defer(trackMail(mail));
      else await mail;
    }
  }
  return saleAnswer(actor, pass, order.totalPaise, sale.conflict, mine ? 'recorded' : 'duplicate');
}

function saleAnswer(
  actor: Actor,
  pass: VenuePass,
  totalPaise: number,
  conflictWith: string | null,
  status: 'recorded' | 'duplicate',
): RecordGateSaleResponse {
  return {
    orderRcptId: pass.orderRcptId,
    status,
    conflict: conflictWith,
    total: paiseToRupees(totalPaise),
    ...told('gate.sold', { rcpt: pass.orderRcptId, qty: pass.qty, amount: formatINR(totalPaise) }),
    pass: forDesk(pass, actor.isAdmin),
  };
}

/** A sale the nonce made before (a replay): answered as it stands now. */
async function answerExisting(
  s: Svc,
  actor: Actor,
  orderId: number,
  sellerId: number,
  conflictWith: string | null,
): Promise<RecordGateSaleResponse> {
  // a nonce is one phone's sale: another volunteer's request with it is a forged or broken client
  if (sellerId !== actor.userId) throw conflict('NonceReused', say('venue.nonceReused'));
  const [passRows, lineRows, totals] = await runBatch(s.db, [
    ...passQueries(s.db, orderId),
    s.db.select({ totalPaise: orders.totalPaise }).from(orders).where(eq(orders.id, orderId)),
  ] as const);
  const row = passRows[0] as PassRow | undefined;
  if (!row) throw notFound(say('venue.notFound', { rcpt: formatRcptId(orderId) }));
  return saleAnswer(actor, toPass(row, lineRows), totals[0]?.totalPaise ?? 0, conflictWith, 'duplicate');
}

/** The buyer's receipt, when an email was given: the passes, the amount and how it was paid. */
async function receiptMail(
  s: Svc,
  orderId: number,
  o: {
    userName: string;
    userEmail: string;
    totalPaise: number;
    fiscalYear: string;
    mode: GateMode;
    utr: string | null;
    seller: string;
  },
) {
  const rcpt = formatRcptId(orderId);
  const [lines, receipt] = await Promise.all([
    s.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id),
    // the numbered receipt the sale's batch issued (docs/decisions/260)
    s.db
      .select({ number: receipts.number })
      .from(receipts)
      .where(and(eq(receipts.kind, 'receipt'), eq(receipts.orderId, orderId)))
      .get(),
  ]);
  // the walk-in has no account: the receipt's link carries the key that opens it (docs/decisions/280)
  const href = receipt ? await receiptLink(s, orderId, true) : null;
  await sendMail(s.db, s.config, {
    to: o.userEmail,
    write: (w) =>
      compose(w('gateMail.subject', { rcpt }), [
        w('mail.greeting', { name: o.userName }),
        w('gateMail.thanks', { rcpt, year: o.fiscalYear }),
        linesText(w, lines, (l) => l.sellPricePaise),
        o.mode === 'cash'
          ? w('gateMail.cash', { amount: formatINR(o.totalPaise) })
          : w('gateMail.upi', { amount: formatINR(o.totalPaise), utr: o.utr ?? '-' }),
        ...(receipt && href ? receiptMailParagraphs(w, receipt.number, href) : []),
        w('gateMail.handed', { seller: o.seller }),
      ]),
  });
}

/** /getGateSales (admin): sales per volunteer per day, cash handed over and the difference; the sales to resolve. */
export async function gateSalesReport(s: Svc, input: { fiscalYear?: string | null }): Promise<GateSalesResponse> {
  const year = input.fiscalYear ?? festivalYear();
  const seller = sql`(SELECT name FROM users WHERE id = g.volunteer_id)`;
  const [days, handed, conflicts] = await runBatch(s.db, [
    s.db.all<{
      day: string;
      volunteerId: number;
      volunteer: string;
      sales: number;
      units: number;
      cashPaise: number;
      upiPaise: number;
      conflicts: number;
    }>(sql`SELECT g.sale_day AS day, g.volunteer_id AS volunteerId, ${seller} AS volunteer, COUNT(*) AS sales,
        SUM((SELECT COALESCE(SUM(l.qty), 0) FROM order_lines l WHERE l.order_id = g.order_id)) AS units,
        SUM(CASE WHEN g.mode = 'cash' THEN g.amount_paise ELSE 0 END) AS cashPaise,
        SUM(CASE WHEN g.mode = 'upi' THEN g.amount_paise ELSE 0 END) AS upiPaise,
        SUM(CASE WHEN g.conflict IS NOT NULL AND g.resolved_at IS NULL THEN 1 ELSE 0 END) AS conflicts
      FROM gate_sales g JOIN orders o ON o.id = g.order_id
      WHERE o.fiscal_year = ${year}
      GROUP BY g.sale_day, g.volunteer_id ORDER BY g.sale_day DESC, volunteer`),
    s.db.all<{ day: string; volunteerId: number; paise: number }>(sql`SELECT h.sale_day AS day,
        h.volunteer_id AS volunteerId, SUM(h.amount_paise) AS paise FROM gate_handovers h
      WHERE h.sale_day IN (SELECT g.sale_day FROM gate_sales g JOIN orders o ON o.id = g.order_id
        WHERE o.fiscal_year = ${year})
      GROUP BY h.sale_day, h.volunteer_id`),
    s.db.all<{
      orderId: number;
      day: string;
      volunteer: string;
      buyer: string;
      conflict: string;
      mode: GateMode;
      totalPaise: number;
      happenedAt: number;
      resolvedAt: number | null;
    }>(sql`SELECT g.order_id AS orderId, g.sale_day AS day, ${seller} AS volunteer, o.user_name AS buyer,
        g.conflict AS conflict, g.mode AS mode, o.total_paise AS totalPaise, g.happened_at AS happenedAt,
        g.resolved_at AS resolvedAt
      FROM gate_sales g JOIN orders o ON o.id = g.order_id
      WHERE o.fiscal_year = ${year} AND g.conflict IS NOT NULL
      ORDER BY g.resolved_at IS NOT NULL, g.happened_at DESC LIMIT 200`),
  ] as const);
  const handedBy = new Map(handed.map((h) => [`${h.day}|${h.volunteerId}`, h.paise]));
  const dayRows: GateDayRow[] = days.map((d) => {
    const handedPaise = handedBy.get(`${d.day}|${d.volunteerId}`) ?? 0;
    return {
      day: d.day,
      volunteerId: d.volunteerId,
      volunteer: d.volunteer,
      sales: d.sales,
      units: d.units,
      cash: paiseToRupees(d.cashPaise),
      upi: paiseToRupees(d.upiPaise),
      handedOver: paiseToRupees(handedPaise),
      difference: paiseToRupees(d.cashPaise - handedPaise),
      conflicts: d.conflicts,
    };
  });
  const conflictRows: GateConflictRow[] = conflicts.map((c) => ({
    orderRcptId: formatRcptId(c.orderId),
    day: c.day,
    volunteer: c.volunteer,
    buyer: c.buyer,
    conflict: c.conflict,
    mode: c.mode,
    total: paiseToRupees(c.totalPaise),
    happenedAt: c.happenedAt,
    resolvedAt: c.resolvedAt,
  }));
  return { fiscalYear: year, days: dayRows, conflicts: conflictRows };
}

/**
 * /recordCashHandover (admin): cash a volunteer handed over for a day, audited with the day's handed total before
 * and after. The request key makes a double click one handover; only a volunteer who sold that day can hand over.
 */
export async function recordHandover(
  s: Svc,
  actor: Actor,
  input: { volunteerId: number; day: string; amount: number; note: string | null; requestKey: string },
): Promise<GateDayRow> {
  const amountPaise = rupeesToPaise(input.amount);
  const sold = await s.db
    .select({ n: sql<number>`COUNT(*)` })
    .from(gateSales)
    .where(and(eq(gateSales.saleDay, input.day), eq(gateSales.volunteerId, input.volunteerId)))
    .get();
  if (!sold?.n) throw badRequest(say('gate.noSalesThatDay', { day: input.day }));
  const handedSql = `(SELECT COALESCE(SUM(amount_paise), 0) FROM gate_handovers WHERE sale_day = ? AND volunteer_id = ?)`;
  try {
    await runBatch(s.db, [
      raw(
        `INSERT INTO gate_handovers (volunteer_id, sale_day, amount_paise, note, recorded_by, request_key)
         VALUES (?, ?, ?, ?, ?, ?)`,
        input.volunteerId,
        input.day,
        amountPaise,
        input.note,
        actor.userId,
        input.requestKey,
      ),
      afterChange({
        actorId: actor.userId,
        action: 'gate.cash_handed_over',
        entityType: 'volunteer_day',
        entityId: `${input.volunteerId}:${input.day}`,
        details: { amountPaise, note: input.note, requestKey: input.requestKey },
      }),
      raw(
        `UPDATE audit_log SET details = json_set(details, '$.beforePaise', ${handedSql} - ?, '$.afterPaise', ${handedSql})
         WHERE id = last_insert_rowid() AND action = 'gate.cash_handed_over' AND changes() > 0`,
        input.day,
        input.volunteerId,
        amountPaise,
        input.day,
        input.volunteerId,
      ),
    ]);
  } catch (err) {
    if (!isUniqueViolation(err, 'request_key')) throw err;
    // the same click again: the handover is recorded once
  }
  const report = await gateSalesReport(s, { fiscalYear: null });
  const row = report.days.find((d) => d.day === input.day && d.volunteerId === input.volunteerId);
  if (row) return row;
  // a day of another festival year
  const any = await s.db.select({ name: users.name }).from(users).where(eq(users.id, input.volunteerId)).get();
  return {
    day: input.day,
    volunteerId: input.volunteerId,
    volunteer: any?.name ?? '',
    sales: sold.n,
    units: 0,
    cash: 0,
    upi: 0,
    handedOver: input.amount,
    difference: 0,
    conflicts: 0,
  };
}

/** /resolveGateConflict (admin): an oversold or doubtful sale settled by an admin (a refund, or kept), audited. */
export async function resolveConflict(s: Svc, actor: Actor, input: { orderRcptId: string | number; note: string }) {
  const orderId = parseRcptId(input.orderRcptId);
  if (!orderId) throw badRequest(say('venue.badRcptId'));
  const at = Date.now();
  const results = await runBatch(s.db, [
    s.db
      .update(gateSales)
      .set({ resolvedAt: at })
      .where(and(eq(gateSales.orderId, orderId), sql`conflict IS NOT NULL AND resolved_at IS NULL`)),
    afterChange({
      actorId: actor.userId,
      action: 'gate.conflict_resolved',
      entityType: 'order',
      entityId: orderId,
      details: { note: input.note, before: { resolvedAt: null }, after: { resolvedAt: at } },
    }),
    clearGateConflictAttention(s.db, orderId, at),
  ]);
  if ((results[0]?.meta.changes ?? 0) === 0) {
    throw conflict('NothingToResolve', say('gate.nothingToResolve', { rcpt: formatRcptId(orderId) }));
  }
  return told('gate.resolved', { rcpt: formatRcptId(orderId) });
}
