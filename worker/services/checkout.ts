// Checkout: /startOrder (both paths), the browser callbacks, direct-transfer details, the member's orders.
import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import {
  normalizeTxnId,
  type OfflineStartOrder,
  type OnlineStartOrder,
  type UserExtraInfo,
  type saveUserExtraInfoRequest,
} from '../../core/contracts/checkout';
import { festivalYear } from '../../core/festival';
import { t } from '../../core/i18n';
import { formatRcptId, parseRcptId } from '../../core/ids';
import { formatINR } from '../../core/money';
import { upiLink } from '../../core/orders';
import { convenienceCharge } from '../../core/pricing';
import { carts, orderLines, orders, payments, sponsorshipClaims, userExtraInfo } from '../../schema/index';
import type { z } from 'zod';
import { randomToken } from '../lib/crypto';
import { d1Batch, guardFailure, isUniqueViolation, raw } from '../lib/d1-batch';
import { DomainError } from '../lib/errors';
import { log } from '../lib/log';
import { compose, sendMail } from '../lib/mail';
import {
  isPaid,
  isTransient,
  providerUnavailable,
  type Razorpay,
  RazorpayError,
  verifyPaymentSignature,
} from '../lib/razorpay';
import type { Actor } from '../lib/session';
import type { Svc } from '../lib/svc';
import { checkLines, deleteCartStatements, loadPricedCart } from './cart';
import { type OrderView, orderViews } from './order-view';
import {
  captureIfAuthorized,
  confirmPayment,
  loadOrder,
  razorpayAttempt,
  razorpayFor,
  releaseOrder,
  settleOnline,
} from './payments';
import { getSettings } from './settings';

const PRODUCTION_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
const LOCAL_CHECKOUT_SCRIPT = '/dev/razorpay/checkout.js';
/** A second /startOrder this soon after the first, with the cart already turned into an order, gets that order. */
const DOUBLE_CLICK_MS = 2 * 60_000;
/** Items one account may hold with unpaid direct-transfer orders at once (trigger transfer_hold_limit, 0070). */
export const TRANSFER_HOLD_LIMIT = 3;

const emptyCart = () => new DomainError('EmptyCart', 'Your cart is empty. Please choose your contribution again.', 400);
const notYours = () => new DomainError('NotFound', 'No such contribution for your account.', 404);

type OrderRow = typeof orders.$inferSelect;

async function extraInfoOf(s: Svc, userId: number) {
  return s.db.select().from(userExtraInfo).where(eq(userExtraInfo.userId, userId)).get();
}

/**
 * Gives up this buyer's own earlier unpaid checkouts that hold one of these items, so that starting again
 * is not blocked by oneself. An online one is first asked about at Razorpay (it may have been paid).
 */
async function supersedeOwnHolds(s: Svc, actor: Actor, productIds: number[], fiscalYear: string) {
  if (productIds.length === 0) return;
  const held = await s.db
    .selectDistinct({ orderId: sponsorshipClaims.orderId })
    .from(sponsorshipClaims)
    .where(
      and(
        eq(sponsorshipClaims.userId, actor.userId),
        eq(sponsorshipClaims.fiscalYear, fiscalYear),
        eq(sponsorshipClaims.state, 'held'),
        inArray(sponsorshipClaims.productId, productIds),
      ),
    )
    .all();
  for (const { orderId } of held) {
    const o = await loadOrder(s, orderId);
    if (o?.status !== 'Pending Payment') continue;
    if (o.paymentType === 'Online') {
      try {
        if ((await settleOnline(s, o, { via: 'reconciler' })) !== 'Pending Payment') continue;
      } catch (err) {
        log('warn', 'checkout.supersede_unchecked', { orderId, error: String(err) });
        continue; // cannot tell whether it was paid: keep the hold
      }
    }
    await releaseOrder(s, {
      orderId,
      to: 'Failed',
      reason: 'Replaced by a new checkout',
      via: 'checkout',
      actorId: actor.userId,
    });
  }
}

/** /startOrder: turns the server cart into an order priced by the server, holding full sponsorships. */
export async function startOrder(
  s: Svc,
  actor: Actor,
  offline: boolean,
): Promise<OnlineStartOrder | OfflineStartOrder> {
  const paymentType = offline ? 'Offline' : 'Online';
  const loaded = await loadPricedCart(s, actor.userId);
  if (!loaded) {
    // A double click whose first request already turned the cart into an order: answer that order.
    const recent = await s.db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, actor.userId),
          eq(orders.status, 'Pending Payment'),
          eq(orders.paymentType, paymentType),
          gt(orders.createdAt, Date.now() - DOUBLE_CLICK_MS),
        ),
      )
      .orderBy(desc(orders.id))
      .get();
    if (!recent) throw emptyCart();
    return answer(s, recent, false);
  }
  const year = festivalYear();
  const fullSponsorIds = loaded.priced.lines
    .filter((l) => l.type === 'SPONSORSHIP' && l.fullSponsor)
    .map((l) => l.productId);
  await supersedeOwnHolds(s, actor, fullSponsorIds, year);
  await checkLines(s, { userId: actor.userId, email: actor.email }, loaded.lines, loaded.products);

  const cart = await s.db
    .select({ updatedAt: carts.updatedAt })
    .from(carts)
    .where(eq(carts.userId, actor.userId))
    .get();
  // One cart gives one order, whichever button was pressed: online and direct transfer clicked at the same
  // moment share this key, and the unique index lets the first through.
  const checkoutKey = `${actor.userId}:${cart?.updatedAt ?? 0}`;
  const subtotal = loaded.priced.totalSellPaise;
  const { convenienceChargeBasisPoints } = await getSettings(s.db, ['convenienceChargeBasisPoints']);
  const convenience = offline ? 0 : convenienceCharge(subtotal, convenienceChargeBasisPoints);
  const total = subtotal + convenience;
  if (total < 100) {
    throw new DomainError('NothingToPay', 'The total of your selection is zero; there is nothing to pay.', 400);
  }
  const extra = await extraInfoOf(s, actor.userId);
  const orderIdSql = sql`(SELECT id FROM orders WHERE checkout_key = ${checkoutKey})`;
  let created = false;
  try {
    await d1Batch(s, [
      s.db.insert(orders).values({
        userId: actor.userId,
        kind: loaded.kind,
        fiscalYear: year,
        status: 'Pending Payment',
        paymentType,
        subtotalPaise: subtotal,
        conveniencePaise: convenience,
        totalPaise: total,
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
      }),
      ...loaded.priced.lines.map((l) =>
        s.db.insert(orderLines).values({
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
        }),
      ),
      ...fullSponsorIds.map((productId) =>
        s.db.insert(sponsorshipClaims).values({
          productId,
          fiscalYear: year,
          orderId: orderIdSql,
          userId: actor.userId,
          state: 'held',
        }),
      ),
      ...(offline
        ? []
        : [
            s.db
              .insert(payments)
              .values({ orderId: orderIdSql, method: 'razorpay', status: 'created', amountPaise: total }),
          ]),
      ...deleteCartStatements(s, actor.userId),
      raw(
        `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
         SELECT ?, 'order.started', 'order', CAST(id AS TEXT), ? FROM orders WHERE checkout_key = ?`,
        actor.userId,
        JSON.stringify({
          paymentType,
          subtotalPaise: subtotal,
          conveniencePaise: convenience,
          totalPaise: total,
          held: fullSponsorIds,
        }),
        checkoutKey,
      ),
    ]);
    created = true;
  } catch (err) {
    const guard = guardFailure(err);
    if (isUniqueViolation(err, 'checkout_key')) {
      // the same checkout started twice at once: the first one wins, both get its order
    } else if (isUniqueViolation(err, 'sponsorship_claims') || guard === 'item_taken') {
      throw new DomainError('ItemTaken', t('checkout.itemTakenMeanwhile'), 409);
    } else if (guard === 'item_co_sponsored') {
      throw new DomainError('ItemCoSponsored', t('checkout.itemCoSponsoredMeanwhile'), 409);
    } else if (guard === 'member_price_used') {
      throw new DomainError('MemberPriceUsed', t('checkout.memberPriceUsed'), 409);
    } else if (guard === 'item_blocked') {
      throw new DomainError('ItemBlocked', t('checkout.itemBlockedMeanwhile'), 409);
    } else if (guard === 'hold_limit') {
      throw new DomainError('HoldLimit', t('checkout.holdLimit', { max: TRANSFER_HOLD_LIMIT }), 409);
    } else throw err;
  }
  const order = await s.db.select().from(orders).where(eq(orders.checkoutKey, checkoutKey)).get();
  if (!order) throw new Error('order vanished after insert');
  if (order.paymentType !== paymentType) {
    // the other button won the same cart a moment ago
    throw new DomainError(
      'OrderInProgress',
      t(order.paymentType === 'Online' ? 'checkout.cartStartedOnline' : 'checkout.cartStartedOffline', {
        rcpt: formatRcptId(order.id),
      }),
      409,
    );
  }
  return answer(s, order, created);
}

async function answer(s: Svc, order: OrderRow, created: boolean): Promise<OnlineStartOrder | OfflineStartOrder> {
  const rcpt = formatRcptId(order.id);
  if (order.paymentType === 'Offline') {
    const { bank } = await getSettings(s.db, ['bank']);
    if (created) await sendPaymentDetails(s, order, bank);
    return { orderRcptId: rcpt, orderTotalInPaisa: order.totalPaise, orderPkId: order.id, bank };
  }
  const providerOrderId = await ensureRazorpayOrder(s, order);
  return {
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
async function ensureRazorpayOrder(s: Svc, order: OrderRow): Promise<string> {
  let attempt = await razorpayAttempt(s, order.id);
  if (attempt?.providerOrderId) return attempt.providerOrderId;
  if (!attempt) {
    await s.db
      .insert(payments)
      .values({ orderId: order.id, method: 'razorpay', status: 'created', amountPaise: order.totalPaise });
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
  await s.db
    .update(payments)
    .set({ providerOrderId: created.id, updatedAt: Date.now() })
    .where(and(eq(payments.id, attempt!.id), sql`${payments.providerOrderId} IS NULL`));
  return (await razorpayAttempt(s, order.id))!.providerOrderId!;
}

async function sendPaymentDetails(
  s: Svc,
  order: OrderRow,
  bank: { payee: string; accountNumber: string; ifsc: string; bankName: string; upiVpa: string },
) {
  const rcpt = formatRcptId(order.id);
  const lines = await s.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).all();
  await sendMail(
    s.db,
    s.config,
    compose(
      order.userEmail,
      `How to pay your contribution ${rcpt}`,
      [
        `Namaskar ${order.userName},`,
        `Your contribution ${rcpt} of ${formatINR(order.totalPaise)} is waiting for your payment by direct bank or UPI transfer.`,
        lines.map((l) => `${l.name} x ${l.qty}: ${formatINR(l.sellPricePaise)}`).join('\n'),
        `Account payee: ${bank.payee}\nAccount number: ${bank.accountNumber}\nIFSC: ${bank.ifsc}\nBank: ${bank.bankName}\nUPI: ${bank.upiVpa}`,
        `UPI payment link: ${upiLink({ vpa: bank.upiVpa, payee: bank.payee, amountPaise: order.totalPaise, note: rcpt })}`,
        `Please write ${rcpt} as the note of the transfer. After paying, share the transaction id on your profile (Retry Payment) so that we can verify it.`,
      ],
      { href: `${s.origin}/profile`, label: 'Share the transaction details' },
    ),
  );
}

/** Finds one of the caller's online orders by its Razorpay order id. */
async function ownOnlineOrder(s: Svc, actor: Actor, providerOrderId: string) {
  const row = await s.db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.providerOrderId, providerOrderId), eq(payments.method, 'razorpay')))
    .get();
  const order = row ? await loadOrder(s, row.orderId) : undefined;
  if (!order || order.userId !== actor.userId) throw notYours();
  return order;
}

/** /handleSuccessOrder: the checkout's success callback, verified against the stored Razorpay order id. */
export async function handleSuccessOrder(
  s: Svc,
  actor: Actor,
  input: { orderId: string; razorpayPaymentId: string; razorpaySignature: string },
) {
  const order = await ownOnlineOrder(s, actor, input.orderId);
  const attempt = (await razorpayAttempt(s, order.id))!;
  const storedRzpOrderId = attempt.providerOrderId!;
  const ok = await verifyPaymentSignature(
    storedRzpOrderId,
    input.razorpayPaymentId,
    input.razorpaySignature,
    s.config.RAZORPAY_KEY_SECRET,
  );
  if (!ok) {
    log('warn', 'payment.bad_signature', { orderId: order.id, userId: actor.userId });
    throw new DomainError('InvalidSignature', 'The payment could not be verified: the signature does not match.', 400);
  }
  let amountPaise = order.totalPaise;
  try {
    const rzp = razorpayFor(s);
    let payment = await rzp.fetchPayment(input.razorpayPaymentId);
    if (payment.order_id === storedRzpOrderId) payment = await captureIfAuthorized(rzp, payment);
    if (payment.order_id !== storedRzpOrderId || !isPaid(payment)) {
      throw new DomainError('PaymentNotCaptured', 'Razorpay does not report this payment as paid for this order.', 409);
    }
    amountPaise = payment.amount;
  } catch (err) {
    if (!(err instanceof RazorpayError)) throw err;
    if (!isTransient(err)) {
      // A 4xx (wrong keys, unknown payment): never confirm on the signature alone. The order stays
      // Pending Payment and the reconciler settles it once the configuration is fixed.
      log('error', 'payment.verify_refused', { orderId: order.id, status: err.status, error: err.message });
      throw new DomainError('PaymentProviderError', t('checkout.paymentCheckFailed'), 502);
    }
    // Razorpay unreachable or failing (5xx): the valid signature proves the payment of this Razorpay order,
    // whose amount is ours.
    log('warn', 'payment.fetch_failed', { orderId: order.id, error: err.message });
  }
  const { order: after } = await confirmPayment(s, {
    orderId: order.id,
    via: 'callback',
    actorId: actor.userId,
    razorpay: { paymentId: input.razorpayPaymentId, orderId: storedRzpOrderId, amountPaise },
  });
  const [view] = await orderViews(s.db, [after]);
  return { message: t('order.received'), orderRcptId: formatRcptId(after.id), status: after.status, order: view };
}

/** /handleFailOrder: the checkout reported a failed payment. Razorpay is asked first: it may be paid after all. */
export async function handleFailOrder(
  s: Svc,
  actor: Actor,
  input: { orderId: string; razorpayPaymentId: string | null },
) {
  const order = await ownOnlineOrder(s, actor, input.orderId);
  let status: string = order.status;
  if (order.status === 'Pending Payment') {
    try {
      status = await settleOnline(s, order, { via: 'callback', actorId: actor.userId });
    } catch (err) {
      log('warn', 'payment.fail_unchecked', { orderId: order.id, error: String(err) });
    }
    if (status === 'Pending Payment') {
      status = (
        await releaseOrder(s, {
          orderId: order.id,
          to: 'Failed',
          reason: `Payment failed${input.razorpayPaymentId ? ` (${input.razorpayPaymentId})` : ''}`,
          via: 'callback',
          actorId: actor.userId,
        })
      ).order.status;
    }
  }
  return { orderRcptId: formatRcptId(order.id), status };
}

/** /handleOfflineOrder: the member shares the bank/UPI transaction id; the order awaits an admin's approval. */
export async function handleOfflineOrder(
  s: Svc,
  actor: Actor,
  input: { offlineTxnId: string; offlineBankName: string | null; orderRcptId: string | number },
) {
  const id = parseRcptId(input.orderRcptId);
  const order = id ? await loadOrder(s, id) : undefined;
  if (!order || order.userId !== actor.userId) throw notYours();
  const txn = normalizeTxnId(input.offlineTxnId);
  const bankName = input.offlineBankName;
  if (order.paymentType !== 'Offline') {
    throw new DomainError('InvalidTransition', 'This contribution is paid online, not by direct transfer.', 409);
  }
  const used = await s.db
    .select({ orderId: payments.orderId })
    .from(payments)
    // a transfer rejected by mistake may be shared again (payments_txn_uq skips rejected attempts)
    .where(and(eq(payments.transactionId, txn), ne(payments.status, 'rejected')))
    .get();
  if (used && used.orderId === order.id && order.status === 'Pending Approval') {
    return { message: t('order.offlineCaptured'), orderRcptId: formatRcptId(order.id), status: order.status };
  }
  if (used) throw txnUsed();
  if (order.status !== 'Pending Payment') {
    throw new DomainError(
      'InvalidTransition',
      `Contribution ${formatRcptId(order.id)} is ${order.status}; its transaction details cannot be changed.`,
      409,
    );
  }
  const token = randomToken(12);
  const at = Date.now();
  const guard = 'EXISTS (SELECT 1 FROM orders WHERE id = ? AND transition_id = ?)';
  try {
    await d1Batch(s, [
      s.db
        .update(orders)
        .set({
          status: 'Pending Approval',
          transactionId: txn,
          bankName,
          paymentDate: at,
          transitionId: token,
          updatedAt: at,
        })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'Pending Payment'))),
      raw(
        `INSERT INTO payments (order_id, method, status, amount_paise, transaction_id, bank_name)
         SELECT ?, 'bank_transfer', 'submitted', ?, ?, ? WHERE ${guard}`,
        order.id,
        order.totalPaise,
        txn,
        bankName,
        order.id,
        token,
      ),
      raw(
        `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
         SELECT ?, 'order.transfer_submitted', 'order', ?, ? WHERE ${guard}`,
        actor.userId,
        String(order.id),
        JSON.stringify({ transactionId: txn, bankName, totalPaise: order.totalPaise }),
        order.id,
        token,
      ),
    ]);
  } catch (err) {
    if (isUniqueViolation(err, 'transaction_id')) throw txnUsed();
    throw err;
  }
  const after = (await loadOrder(s, order.id))!;
  if (after.transitionId !== token) {
    if (after.status === 'Pending Approval' && after.transactionId === txn) {
      return { message: t('order.offlineCaptured'), orderRcptId: formatRcptId(order.id), status: after.status };
    }
    throw new DomainError('InvalidTransition', `Contribution ${formatRcptId(order.id)} is ${after.status}.`, 409);
  }
  const lines = await s.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).all();
  const rcpt = formatRcptId(order.id);
  await sendMail(
    s.db,
    s.config,
    compose(after.userEmail, `We received your contribution details: ${rcpt}`, [
      `Namaskar ${after.userName},`,
      `We received the transfer details of your contribution ${rcpt}: transaction id ${txn}${bankName ? `, ${bankName}` : ''}.`,
      lines.map((l) => `${l.name} x ${l.qty}: ${formatINR(l.sellPricePaise)}`).join('\n'),
      `Total: ${formatINR(after.totalPaise)}`,
      'Our team will verify the payment and send you an email once the verification completes.',
    ]),
  );
  return { message: t('order.offlineCaptured'), orderRcptId: rcpt, status: after.status };
}

/**
 * /giveUpOrder: the member gives up their own order that still waits for payment, so that what it holds (a
 * sponsorship, the member price) is free again at once. An online one is asked about at Razorpay first: if
 * it was paid after all, it is confirmed instead.
 */
export async function giveUpOrder(s: Svc, actor: Actor, input: { orderRcptId: string | number }) {
  const id = parseRcptId(input.orderRcptId);
  const order = id ? await loadOrder(s, id) : undefined;
  if (!order || order.userId !== actor.userId) throw notYours();
  const rcpt = formatRcptId(order.id);
  if (order.status !== 'Pending Payment') {
    throw new DomainError(
      'InvalidTransition',
      `Contribution ${rcpt} is ${order.status}; it cannot be cancelled here.`,
      409,
    );
  }
  if (order.paymentType === 'Online') {
    const status = await settleOnline(s, order, { via: 'callback', actorId: actor.userId });
    if (status !== 'Pending Payment') return { orderRcptId: rcpt, status, message: t('order.received') };
  }
  const { order: after } = await releaseOrder(s, {
    orderId: order.id,
    to: 'Failed',
    reason: 'Cancelled by the member before paying',
    via: 'checkout',
    actorId: actor.userId,
  });
  return { orderRcptId: rcpt, status: after.status, message: t('checkout.orderGivenUp', { rcpt }) };
}

const txnUsed = () =>
  new DomainError(
    'TransactionIdUsed',
    'This transaction id has already been shared for a contribution. Please check it and try again.',
    409,
  );

/** /getOrders: the caller's contributions, newest first. */
export async function getOrders(s: Svc, actor: Actor): Promise<OrderView[]> {
  const rows = await s.db
    .select()
    .from(orders)
    .where(eq(orders.userId, actor.userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200)
    .all();
  return orderViews(s.db, rows);
}

const EMPTY_EXTRA: UserExtraInfo = {
  addrLine1: null,
  addrLine2: null,
  city: null,
  state: null,
  pin: null,
  additionalEmail: null,
  additionalMobile: null,
  referSource: null,
  referredBy: null,
};

export async function getUserExtraInfo(s: Svc, actor: Actor): Promise<UserExtraInfo> {
  const row = await extraInfoOf(s, actor.userId);
  if (!row) return EMPTY_EXTRA;
  const { userId: _u, updatedAt: _t, ...info } = row;
  return info;
}

/**
 * /saveUserExtraInfo. Old clients save it after /startOrder, so the caller's unpaid orders that still lack
 * an address get it too.
 */
export async function saveUserExtraInfo(
  s: Svc,
  actor: Actor,
  input: z.output<typeof saveUserExtraInfoRequest>,
): Promise<UserExtraInfo> {
  const at = Date.now();
  const referredBy = input.referSource === 'Other' ? input.referredBy : (input.referredBy ?? null);
  const info = { ...input, referredBy };
  await d1Batch(s, [
    s.db
      .insert(userExtraInfo)
      .values({ userId: actor.userId, ...info, updatedAt: at })
      .onConflictDoUpdate({ target: userExtraInfo.userId, set: { ...info, updatedAt: at } }),
    s.db
      .update(orders)
      .set({
        addr1: info.addrLine1,
        addr2: info.addrLine2,
        city: info.city,
        state: info.state,
        pin: info.pin,
        referSource: info.referSource,
        referredBy: info.referredBy,
      })
      .where(
        and(
          eq(orders.userId, actor.userId),
          inArray(orders.status, ['Pending Payment', 'Pending Approval']),
          sql`${orders.addr1} IS NULL`,
        ),
      ),
  ]);
  return getUserExtraInfo(s, actor);
}
