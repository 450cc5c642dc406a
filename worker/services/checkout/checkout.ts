// Checkout, creating the order: /startOrder turns the server cart into an order priced by the server, holding
// full sponsorships. Two D1 round trips (docs/decisions/111): the session lookup with every read
// (checkout-prepare.ts), then one batch that writes the order with every guard of migrations/0070 and reads it
// back; its result decides. An online order then gets its Razorpay order (an HTTP call, and one more round trip
// to store its id). The payment callbacks and the transfer's details are checkout-payment.ts.
import { and, eq, sql } from 'drizzle-orm';
import type { OfflineStartOrder, OnlineStartOrder } from '../../../core/contracts/checkout';
import { festivalYear } from '../../../core/festival';
import { formatRcptId } from '../../../core/ids';
import { formatINR } from '../../../core/money';
import { ORDER_STATUS, upiLink } from '../../../core/orders';
import { orderLines, orders, payments, sponsorshipClaims } from '../../../schema/index';
import { guardFailure, isUniqueViolation, runBatch, type Statement } from '../../lib/d1-batch';
import { DomainError, say } from '../../lib/errors';
import { compose, linesText, sendMail, trackMail } from '../../lib/mail';
import { providerUnavailable, type Razorpay, RazorpayError } from '../../lib/razorpay';
import { type Actor, insufficientAccess } from '../../lib/session';
import { type Svc, sessionBatchOf } from '../../lib/svc';
import { availabilityOf, SOLD_OUT_GUARD, takeUnits } from '../catalogue/capacity';
import { deleteCartStatements } from './cart';
import {
  checkoutQueries,
  checkoutReadOf,
  emptyCart,
  type PaymentType,
  type PreparedOrder,
  prepareOrder,
} from './checkout-prepare';
import { razorpayAttempt, razorpayFor } from './payments';
import type { BankDetails } from '../admin/settings';
import type { BillingBody } from '../../../core/contracts/checkout';
import { insertPendingOrder, insertRazorpayAttempt, keepProviderOrderId } from '../transitions/order-details';
import { confirmPayment } from '../transitions/orders';
import { offerUseStatements } from '../catalogue/waitlist';

const PRODUCTION_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
const LOCAL_CHECKOUT_SCRIPT = '/dev/razorpay/checkout.js';
/** Items one account may hold with unpaid direct-transfer orders at once (trigger transfer_hold_limit, 0070). */
export const TRANSFER_HOLD_LIMIT = 3;

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type MailLine = { name: string; qty: number; sellPricePaise: number };

/** /startOrder: the caller comes from the session lookup in the call's first batch (session: 'batch'). */
export async function startOrder(
  s: Svc,
  input: { offline: boolean } & BillingBody,
): Promise<OnlineStartOrder | OfflineStartOrder> {
  const paymentType: PaymentType = input.offline ? 'Offline' : 'Online';
  const year = festivalYear();
  const now = Date.now();
  const { actor, results } = await sessionBatchOf(s)((me, db) =>
    checkoutQueries(db, me.userId, year, paymentType, now),
  );
  const read = checkoutReadOf(results);
  const { bank } = read.settings;
  if (!read.loaded) {
    // A double click whose first request already turned the cart into an order: answer that order.
    if (!read.recent) throw emptyCart();
    return answer(s, read.recent, { bank, attempt: read.recentAttempt, mailLines: null });
  }
  const prepared = await prepareOrder(s, actor, { ...read, loaded: read.loaded }, paymentType);
  const billing = {
    billingName: input.billingName ?? null,
    billingPan: input.pan ?? null,
    billingGstin: input.gstin ?? null,
  };
  const created = await createOrder(s, actor, prepared, year, billing);
  if (prepared.total === 0) return confirmFree(s, actor, created.order, bank);
  if (created.order.paymentType !== paymentType) {
    // the other button won the same cart a moment ago
    throw new DomainError(
      'OrderInProgress',
      say(created.order.paymentType === 'Online' ? 'checkout.cartStartedOnline' : 'checkout.cartStartedOffline', {
        rcpt: formatRcptId(created.order.id),
      }),
      409,
    );
  }
  return answer(s, created.order, {
    bank,
    attempt: created.attempt,
    mailLines: created.mine ? prepared.loaded.priced.lines : null,
  });
}

/**
 * One batch: the order, its lines, the full sponsorships' holds, the online attempt, the emptied cart and the
 * audit row, then the order and its attempt as the batch left them. The unique indexes and the triggers of
 * migrations/0070 refuse it whole. `mine` is false when the same cart was started at the same moment by another
 * request, which won: its order is answered (one more read, only then).
 */
async function createOrder(
  s: Svc,
  actor: Actor,
  p: PreparedOrder,
  year: string,
  billing: { billingName: string | null; billingPan: string | null; billingGstin: string | null },
): Promise<{ order: OrderRow; attempt: PaymentRow | undefined; mine: boolean }> {
  const { db } = s;
  const { checkoutKey, extra } = p;
  const orderIdSql = sql`(SELECT id FROM orders WHERE checkout_key = ${checkoutKey})`;
  const readBack = [
    db.select().from(orders).where(eq(orders.checkoutKey, checkoutKey)),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderIdSql), eq(payments.method, 'razorpay'))),
  ] as const;
  const writes: Statement[] = [
    insertPendingOrder(db, {
      userId: actor.userId,
      kind: p.loaded.kind,
      fiscalYear: year,
      status: ORDER_STATUS.pendingPayment,
      paymentType: p.paymentType,
      subtotalPaise: p.subtotal,
      conveniencePaise: p.convenience,
      totalPaise: p.total,
      checkoutKey,
      userName: actor.name,
      userEmail: actor.email,
      userMobile: actor.mobile,
      referSource: extra?.referSource ?? null,
      referredBy: extra?.referredBy ?? null,
      addr1: extra?.addrLine1 ?? null,
      addr2: extra?.addrLine2 ?? null,
      city: extra?.city ?? null,
      state: extra?.state ?? null,
      pin: extra?.pin ?? null,
      ...billing, // copied onto the receipt when the payment is confirmed
    }),
    ...p.loaded.priced.lines.map((l) =>
      db.insert(orderLines).values({
        orderId: orderIdSql,
        productId: l.productId,
        type: l.type,
        code: l.code,
        name: l.name,
        qty: l.qty,
        unitPricePaise: l.unitPricePaise,
        maxPricePaise: l.maxPricePaise,
        sellPricePaise: l.sellPricePaise,
        fullSponsor: l.fullSponsor,
        memberPricedUnits: l.memberPricedUnits,
        capacityUnits: l.qty,
        waivedUnits: l.waivedUnits ?? 0,
        waiverCap: l.waiverCap ?? 0,
      }),
    ),
    // a waiting-list offer of the buyer's for these products gives its held units to this order (waitlist.ts)
    ...offerUseStatements(
      db,
      actor.userId,
      p.loaded.priced.lines.map((l) => l.productId),
      Date.now(),
      orderIdSql,
    ),
    // the lines' units, held while the order waits and sold once paid: the capacity's trigger refuses the batch
    // whole when one does not fit (migrations/0245; released by its triggers when the order is given up)
    ...p.loaded.priced.lines.map((l) => takeUnits(l.productId, l.qty)),
    ...p.fullSponsorIds.map((productId) =>
      db.insert(sponsorshipClaims).values({
        productId,
        fiscalYear: year,
        orderId: orderIdSql,
        userId: actor.userId,
        state: 'held',
      }),
    ),
    ...(p.paymentType === 'Offline' ? [] : [insertRazorpayAttempt(db, orderIdSql, p.total)]),
    ...deleteCartStatements(s, actor.userId),
    db.run(sql`INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
      SELECT ${actor.userId}, 'order.started', 'order', CAST(id AS TEXT), ${JSON.stringify({
        paymentType: p.paymentType,
        subtotalPaise: p.subtotal,
        conveniencePaise: p.convenience,
        totalPaise: p.total,
        held: p.fullSponsorIds,
        ...(p.loaded.priced.waiver ? { waiver: p.loaded.priced.waiver } : {}),
      })} FROM orders WHERE checkout_key = ${checkoutKey}`),
  ];
  let mine = true;
  let found: [OrderRow[], PaymentRow[]];
  try {
    const results = await runBatch(db, [...writes, ...readBack] as unknown as [Statement]);
    found = (results as unknown[]).slice(-2) as [OrderRow[], PaymentRow[]];
  } catch (err) {
    const guard = guardFailure(err);
    if (isUniqueViolation(err, 'checkout_key')) {
      // the same checkout started twice at once: the first one wins, both get its order
      mine = false;
      found = (await runBatch(db, readBack)) as unknown as [OrderRow[], PaymentRow[]];
    } else if (isUniqueViolation(err, 'sponsorship_claims') || guard === 'item_taken') {
      throw new DomainError('ItemTaken', say('checkout.itemTakenMeanwhile'), 409);
    } else if (guard === 'item_co_sponsored') {
      throw new DomainError('ItemCoSponsored', say('checkout.itemCoSponsoredMeanwhile'), 409);
    } else if (guard === 'waiver_used') {
      throw new DomainError('WaiverUsed', say('checkout.waiverUsed'), 409);
    } else if (guard === 'member_price_used') {
      throw new DomainError('MemberPriceUsed', say('checkout.memberPriceUsed'), 409);
    } else if (guard === 'item_blocked') {
      throw new DomainError('ItemBlocked', say('checkout.itemBlockedMeanwhile'), 409);
    } else if (guard === SOLD_OUT_GUARD) {
      throw await soldOut(s, p.loaded.priced.lines);
    } else if (guard === 'hold_limit') {
      throw new DomainError('HoldLimit', say('checkout.holdLimit', { max: TRANSFER_HOLD_LIMIT }), 409);
    } else if (guard === 'account_deleted') {
      // the account was deleted after this request's session was looked up (migrations/0266)
      throw insufficientAccess(401);
    } else throw err;
  }
  const order = found[0][0];
  if (!order) throw new Error('order vanished after insert');
  return { order, attempt: found[1][0], mine };
}

/** The refusal of a checkout that found a product's last units gone: which one, and how many are left. */
async function soldOut(s: Svc, lines: readonly { productId: number; qty: number }[]) {
  const left = await availabilityOf(
    s,
    lines.map((l) => l.productId),
  );
  const short = lines.find((l) => (left.get(l.productId)?.unitsLeft ?? l.qty) < l.qty) ?? lines[0];
  const a = short ? left.get(short.productId) : undefined;
  if (!a?.unitsLeft) return new DomainError('SoldOut', say('checkout.soldOut', { name: a?.name ?? '' }), 409);
  return new DomainError('SoldOut', say('checkout.fewerLeft', { name: a.name, left: a.unitsLeft }), 409);
}

/**
 * An order with nothing to pay (every membership fee waived, nothing else in the cart): confirmed at once, through
 * the one confirmation (its email included). Answered like a transfer's order, with its status.
 */
async function confirmFree(s: Svc, actor: Actor, order: OrderRow, bank: BankDetails): Promise<OfflineStartOrder> {
  const done =
    order.status === ORDER_STATUS.pendingPayment
      ? (await confirmPayment(s, { orderId: order.id, via: 'waiver', actorId: actor.userId })).order
      : order;
  return {
    offline: true,
    orderRcptId: formatRcptId(done.id),
    orderTotalInPaisa: done.totalPaise,
    orderPkId: done.id,
    bank,
    status: done.status as OfflineStartOrder['status'],
  };
}

async function answer(
  s: Svc,
  order: OrderRow,
  o: { bank: BankDetails; attempt: PaymentRow | undefined; mailLines: readonly MailLine[] | null },
): Promise<OnlineStartOrder | OfflineStartOrder> {
  const rcpt = formatRcptId(order.id);
  if (order.paymentType === 'Offline') {
    const lines = o.mailLines;
    if (lines) {
      if (s.defer) {
        // sent after the answer, which never waits for the mail; the local outbox waits for it (trackMail)
        s.defer(trackMail(afterAnswer().then(() => sendPaymentDetails(s, order, o.bank, lines))));
      } else await sendPaymentDetails(s, order, o.bank, lines);
    }
    return { offline: true, orderRcptId: rcpt, orderTotalInPaisa: order.totalPaise, orderPkId: order.id, bank: o.bank };
  }
  const providerOrderId = await ensureRazorpayOrder(s, order, o.attempt);
  return {
    offline: false,
    currency: 'INR',
    orderTotalInPaisa: order.totalPaise,
    orderOrTokenId: providerOrderId,
    userFullName: order.userName,
    userEmail: order.userEmail,
    userMobile: order.userMobile,
    keyId: s.config.RAZORPAY_KEY_ID,
    checkoutScript: s.config.RAZORPAY_BASE_URL === 'local' ? LOCAL_CHECKOUT_SCRIPT : PRODUCTION_CHECKOUT_SCRIPT,
    orderRcptId: rcpt,
    orderPkId: order.id,
    subTotalInPaisa: order.subtotalPaise,
    convenienceChargeInPaisa: order.conveniencePaise,
  };
}

/**
 * One Razorpay order per order. Two racing requests may each create one at Razorpay; the conditional
 * update keeps the first, the other is never shown to a payer and expires unpaid at Razorpay.
 */
async function ensureRazorpayOrder(s: Svc, order: OrderRow, known: PaymentRow | undefined): Promise<string> {
  let attempt = known;
  if (attempt?.providerOrderId) return attempt.providerOrderId;
  if (!attempt) {
    // an online order without its attempt (written before attempts were part of the checkout's batch)
    await runBatch(s.db, [insertRazorpayAttempt(s.db, order.id, order.totalPaise)]);
    attempt = await razorpayAttempt(s, order.id);
  }
  let created: Awaited<ReturnType<Razorpay['createOrder']>>;
  try {
    created = await razorpayFor(s).createOrder({
      amountPaise: order.totalPaise,
      receipt: formatRcptId(order.id),
      notes: { orderPkId: String(order.id), fiscalYear: order.fiscalYear },
    });
  } catch (err) {
    if (err instanceof RazorpayError) throw providerUnavailable();
    throw err;
  }
  if (created.amount !== order.totalPaise) throw providerUnavailable();
  const [, kept] = await runBatch(s.db, [
    keepProviderOrderId(s.db, attempt!.id, created.id, Date.now()),
    s.db.select({ providerOrderId: payments.providerOrderId }).from(payments).where(eq(payments.id, attempt!.id)),
  ]);
  return kept[0]!.providerOrderId!;
}

/**
 * Resolves once the request's answer is out: a timer fires only after the promise jobs that finish the answer
 * (the middlewares after the handler). Deferred work started here is off the answer's path, in production and on
 * the bench's round-trip meter alike (docs/decisions/111).
 */
const afterAnswer = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function sendPaymentDetails(s: Svc, order: OrderRow, bank: BankDetails, lines: readonly MailLine[]) {
  const rcpt = formatRcptId(order.id);
  await sendMail(s.db, s.config, {
    to: order.userEmail,
    write: (w) =>
      compose(
        w('pay.subject', { rcpt }),
        [
          w('mail.greeting', { name: order.userName }),
          w('pay.waiting', { rcpt, amount: formatINR(order.totalPaise) }),
          linesText(w, lines, (l) => l.sellPricePaise),
          [
            w('pay.payee', { v: bank.payee }),
            w('pay.account', { v: bank.accountNumber }),
            `IFSC: ${bank.ifsc}`,
            w('pay.bank', { v: bank.bankName }),
            `UPI: ${bank.upiVpa}`,
          ].join('\n'),
          {
            label: w('pay.upiLink'),
            href: upiLink({ vpa: bank.upiVpa, payee: bank.payee, amountPaise: order.totalPaise, note: rcpt }),
          },
          w('pay.note', { rcpt }),
        ],
        { href: `${s.origin}/profile`, label: w('pay.link') },
      ),
  });
}
