// Payments: the one way an order becomes Success (confirmPayment), the one way it is given up
// (releaseOrder), and everything that feeds them: the checkout callback, webhooks and the reconciler.
import { and, eq, inArray, lt, max, sql } from 'drizzle-orm';
import * as z from 'zod';
import { describeIssues } from '../../core/contracts/common';
import { t } from '../../core/i18n';
import { formatRcptId } from '../../core/ids';
import association from '../../web/content/association.json';
import { formatINR } from '../../core/money';
import { canTransition, needsCollection, ORDER_STATUS, type OrderStatus } from '../../core/orders';
import { isPassLine } from '../../core/pass-qr';
import { orderLines, orders, payments, sponsorshipClaims, users, webhookEvents } from '../../schema/index';
import { randomCode, randomToken } from '../lib/crypto';
import { d1Batch, isUniqueViolation, raw } from '../lib/d1-batch';
import { DomainError } from '../lib/errors';
import { localGateway } from '../lib/local-tools';
import { log } from '../lib/log';
import { compose, sendMail } from '../lib/mail';
import { passQrEmailHtml } from '../lib/pass-qr';
import {
  isPaid,
  isTransient,
  makeRazorpay,
  type Razorpay,
  RazorpayError,
  type RazorpayPayment,
  verifyWebhookSignature,
} from '../lib/razorpay';
import type { Svc } from '../lib/svc';
import { pricingContext } from './cart';
import { audit } from '../lib/audit';
import type { OrderLineRow, OrderRow } from './order-view';
import { handleRefundEvent } from './refunds';

export type Via = 'callback' | 'webhook' | 'reconciler' | 'admin';

/** The Razorpay client for this environment: the built-in test gateway in-process in local mode. */
export function razorpayFor(s: Svc): Razorpay {
  const transport =
    s.config.RAZORPAY_BASE_URL === 'local'
      ? (req: Request) => localGateway()(req, s.env)
      : (req: Request) => fetch(req);
  return makeRazorpay(s.config, transport);
}

/** Guard for the other statements of a transition's batch: true only if this call made the change. */
const madeIt = (orderId: number, token: string) =>
  sql`EXISTS (SELECT 1 FROM orders WHERE id = ${orderId} AND transition_id = ${token})`;

const GUARD = 'EXISTS (SELECT 1 FROM orders WHERE id = ? AND transition_id = ?)';

/** An audit row written only when the guard holds (same batch as the change it records). */
function guardedAudit(
  orderId: number,
  token: string,
  e: { actorId: number | null; action: string; details: Record<string, unknown> },
) {
  return raw(
    `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details) SELECT ?, ?, 'order', ?, ? WHERE ${GUARD}`,
    e.actorId,
    e.action,
    String(orderId),
    JSON.stringify(e.details),
    orderId,
    token,
  );
}

/** Where a member's reply reaches the committee: MAIL_REPLY_TO, else the association's address. */
const committeeAddress = (s: Svc) => s.config.MAIL_REPLY_TO ?? association.email;

export async function loadOrder(s: Svc, orderId: number): Promise<OrderRow | undefined> {
  return s.db.select().from(orders).where(eq(orders.id, orderId)).get();
}

async function loadLines(s: Svc, orderId: number): Promise<OrderLineRow[]> {
  return s.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id).all();
}

function linesText(lines: readonly OrderLineRow[]) {
  return lines.map((l) => `${l.name} x ${l.qty}: ${formatINR(l.sellPricePaise)}`).join('\n');
}

function totalText(o: OrderRow) {
  const parts = [`Total: ${formatINR(o.totalPaise)}`];
  if (o.conveniencePaise > 0) parts.unshift(`Convenience charge: ${formatINR(o.conveniencePaise)}`);
  return parts.join('\n');
}

export type ConfirmInput = {
  orderId: number;
  via: Via;
  actorId: number | null;
  /** Razorpay: the payment that paid the order, already checked against the stored Razorpay order. */
  razorpay?: { paymentId: string; orderId: string; amountPaise: number };
  /** Runs the email after the answer (a webhook answers fast); default: awaited. */
  defer?: Defer;
};

export type Defer = (work: Promise<unknown>) => void;

/**
 * The only way an order becomes Success (checkout callback, webhook, reconciler, admin approval). One
 * conditional update decides; the claims, member flag, payment attempt and audit row follow in the same
 * batch only if this call made the change, and only that call sends the confirmation email. Safe to call
 * any number of times, in any order, from any path.
 */
export async function confirmPayment(s: Svc, input: ConfirmInput): Promise<{ order: OrderRow; changed: boolean }> {
  const order = await loadOrder(s, input.orderId);
  if (!order) throw new DomainError('NotFound', 'No such contribution.', 404);
  const rp = input.razorpay;
  if (order.status === ORDER_STATUS.success) {
    if (rp && order.transactionId && order.transactionId !== rp.paymentId) {
      // Razorpay orders take one successful payment; a second one would need a refund by hand.
      log('error', 'payment.second_capture', { orderId: order.id, kept: order.transactionId, extra: rp.paymentId });
    }
    return { order, changed: false };
  }
  const from: OrderStatus[] =
    input.via === 'admin' ? [ORDER_STATUS.pendingApproval] : [ORDER_STATUS.pendingPayment, ORDER_STATUS.failed];
  if (!from.includes(order.status) || !canTransition(order.status, ORDER_STATUS.success)) {
    throw new DomainError(
      'InvalidTransition',
      `Contribution ${formatRcptId(order.id)} is ${order.status} and cannot be confirmed.`,
      409,
    );
  }
  if (rp) {
    if (order.paymentType !== 'Online') {
      throw new DomainError('InvalidTransition', 'This contribution is paid by direct transfer.', 409);
    }
    if (rp.amountPaise !== order.totalPaise) {
      log('error', 'payment.amount_mismatch', { orderId: order.id, expected: order.totalPaise, got: rp.amountPaise });
      throw new DomainError('AmountMismatch', 'The amount paid does not match the contribution.', 409);
    }
    const used = await s.db
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(eq(payments.providerPaymentId, rp.paymentId))
      .get();
    if (used && used.orderId !== order.id) {
      throw new DomainError('PaymentIdUsed', 'This payment has already been used for another contribution.', 409);
    }
  }
  const lines = await loadLines(s, order.id);
  const collect = needsCollection(lines);
  const token = randomToken(12);

  for (let attempt = 0; attempt < 5; attempt++) {
    const last = await s.db
      .select({ ts: max(orders.successTs) })
      .from(orders)
      .get();
    const successTs = Math.max(Date.now(), (last?.ts ?? 0) + 1);
    const passCode = collect ? randomCode(10) : null;
    const at = Date.now();
    try {
      await d1Batch(s, [
        s.db
          .update(orders)
          .set({
            status: ORDER_STATUS.success,
            successTs,
            paymentDate: order.paymentType === 'Online' || !order.paymentDate ? at : order.paymentDate,
            passCode,
            passCollected: collect ? 0 : null,
            transactionId: rp ? rp.paymentId : order.transactionId,
            transitionId: token,
            updatedAt: at,
          })
          .where(and(eq(orders.id, order.id), inArray(orders.status, from))),
        rp
          ? s.db
              .update(payments)
              .set({ status: 'captured', providerPaymentId: rp.paymentId, updatedAt: at })
              .where(
                and(eq(payments.orderId, order.id), eq(payments.providerOrderId, rp.orderId), madeIt(order.id, token)),
              )
          : s.db
              .update(payments)
              .set({ status: 'approved', updatedAt: at })
              .where(and(eq(payments.orderId, order.id), eq(payments.status, 'submitted'), madeIt(order.id, token))),
        s.db
          .update(sponsorshipClaims)
          .set({ state: 'sponsored' })
          .where(and(eq(sponsorshipClaims.orderId, order.id), madeIt(order.id, token))),
        // A late capture after an expiry: take the item back if nobody else took it (in full or as a
        // co-sponsor) meanwhile; otherwise the order is flagged for an admin below.
        raw(
          `INSERT OR IGNORE INTO sponsorship_claims (product_id, fiscal_year, order_id, user_id, state)
           SELECT l.product_id, ?, ?, ?, 'sponsored' FROM order_lines l
           WHERE l.order_id = ? AND l.type = 'SPONSORSHIP' AND l.full_sponsor = 1 AND ${GUARD}
             AND NOT EXISTS (SELECT 1 FROM order_lines c CROSS JOIN orders co ON co.id = c.order_id
               WHERE c.full_sponsor = 0 AND c.refunded_qty < c.qty AND c.product_id = l.product_id AND c.order_id <> l.order_id
                 AND co.fiscal_year = ? AND co.status IN ('Success', 'Pending Approval', 'Pending Payment'))
             AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = l.product_id AND p.blocked_by_email IS NOT NULL
                 AND lower(trim(p.blocked_by_email)) <> lower(trim(?)))`,
          order.fiscalYear,
          order.id,
          order.userId,
          order.id,
          order.id,
          token,
          order.fiscalYear,
          order.userEmail,
        ),
        s.db
          .update(users)
          .set({ isMember: true, updatedAt: at })
          .where(and(eq(users.id, order.userId), madeIt(order.id, token))),
        guardedAudit(order.id, token, {
          actorId: input.actorId,
          action: input.via === 'admin' ? 'order.approved' : 'order.paid',
          details: {
            via: input.via,
            from: order.status,
            totalPaise: order.totalPaise,
            ...(rp ? { razorpayPaymentId: rp.paymentId, razorpayOrderId: rp.orderId } : {}),
            passCode: passCode ? 'issued' : null,
          },
        }),
      ]);
    } catch (err) {
      if (isUniqueViolation(err, 'success_ts') || isUniqueViolation(err, 'pass_code')) continue; // a concurrent confirmation
      if (isUniqueViolation(err, 'provider_payment_id')) {
        throw new DomainError('PaymentIdUsed', 'This payment has already been used for another contribution.', 409);
      }
      throw err;
    }
    const after = (await loadOrder(s, order.id))!;
    const changed = after.transitionId === token;
    if (changed) {
      log('info', 'order.confirmed', { orderId: order.id, via: input.via });
      if (order.status === ORDER_STATUS.failed) await flagLateCapture(s, after, lines);
      const mail = sendConfirmation(s, after, lines).catch((err) =>
        log('error', 'mail.confirmation_failed', { orderId: order.id, error: String(err) }),
      );
      if (input.defer) input.defer(mail);
      else await mail;
    }
    return { order: after, changed };
  }
  throw new DomainError('Busy', 'Please try again in a moment.', 503);
}

/**
 * A capture after the order was given up (Failed -> Success) is money received for something that may
 * have gone to someone else meanwhile: a full sponsorship taken by another member, or member-priced passes
 * whose entitlement another order used. The payment stands; the order is flagged for an admin (Pending list
 * and Overview) to refund one of them.
 */
async function flagLateCapture(s: Svc, order: OrderRow, lines: OrderLineRow[]) {
  const problems: string[] = [];
  const wanted = lines.filter((l) => l.type === 'SPONSORSHIP' && l.fullSponsor);
  if (wanted.length > 0) {
    const got = await s.db.select().from(sponsorshipClaims).where(eq(sponsorshipClaims.orderId, order.id)).all();
    const have = new Set(got.map((c) => c.productId));
    const lost = wanted.filter((l) => !have.has(l.productId)).map((l) => l.name);
    if (lost.length > 0) problems.push(`sponsored by someone else meanwhile: ${lost.join(', ')}`);
  }
  if (lines.some((l) => l.memberPricedUnits > 0)) {
    const ctx = await pricingContext(s, order.userId, order.fiscalYear);
    const used = Object.values(ctx.memberPricedUsed).reduce((a, b) => a + b, 0);
    const byProduct = Object.values(ctx.memberPricedUsed).some((n) => n > ctx.utsavMemberships);
    if (byProduct)
      problems.push(`member price used beyond ${ctx.utsavMemberships} UTSAV membership(s) (${used} units)`);
  }
  if (problems.length === 0) return;
  const attention = `Paid after it was given up; ${problems.join('; ')}. Refund one of the payments.`.slice(0, 500);
  log('error', 'order.late_capture_conflict', { orderId: order.id, attention });
  await s.db.batch([
    s.db.update(orders).set({ attention }).where(eq(orders.id, order.id)),
    audit(s.db, {
      actorId: null,
      action: 'order.needs_attention',
      entityType: 'order',
      entityId: order.id,
      details: { attention },
    }),
  ]);
}

async function sendConfirmation(s: Svc, o: OrderRow, lines: OrderLineRow[]) {
  const rcpt = formatRcptId(o.id);
  const paras = [
    `Namaskar ${o.userName},`,
    `Thank you! Your contribution ${rcpt} for the festival year ${o.fiscalYear} is confirmed.`,
    linesText(lines),
    totalText(o),
  ];
  if (o.passCode) {
    paras.push(
      `Your pass code is ${o.passCode}. Show it (or the QR code on your profile) at the venue to collect your passes.`,
    );
  }
  const mail = compose(o.userEmail, `Contribution confirmed: ${rcpt}`, paras, {
    href: `${s.origin}/profile`,
    label: 'See your contributions',
  });
  if (o.passCode) {
    const passLines = lines.filter(isPassLine).map((l) => ({ code: l.code, name: l.name, qty: l.qty }));
    mail.html += `\n${passQrEmailHtml(o.passCode, passLines)}`;
  }
  await sendMail(s.db, s.config, mail);
}

export type ReleaseInput = {
  orderId: number;
  to: 'Failed' | 'Rejected';
  reason: string;
  via: Via | 'checkout';
  actorId: number | null;
};

/**
 * Gives an order up: Failed (payment failed or abandoned) or Rejected (an admin refused the transfer,
 * with a reason). Releases any sponsorship hold in the same batch; a rejection sends one email.
 */
export async function releaseOrder(s: Svc, input: ReleaseInput): Promise<{ order: OrderRow; changed: boolean }> {
  const order = await loadOrder(s, input.orderId);
  if (!order) throw new DomainError('NotFound', 'No such contribution.', 404);
  if (order.status === input.to) return { order, changed: false };
  if (!canTransition(order.status, input.to)) {
    throw new DomainError(
      'InvalidTransition',
      `Contribution ${formatRcptId(order.id)} is ${order.status} and cannot become ${input.to}.`,
      409,
    );
  }
  const token = randomToken(12);
  const at = Date.now();
  await d1Batch(s, [
    s.db
      .update(orders)
      .set({ status: input.to, rejectReason: input.reason, transitionId: token, updatedAt: at })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status))),
    s.db.delete(sponsorshipClaims).where(and(eq(sponsorshipClaims.orderId, order.id), madeIt(order.id, token))),
    input.to === 'Rejected'
      ? s.db
          .update(payments)
          .set({ status: 'rejected', failureReason: input.reason, updatedAt: at })
          .where(and(eq(payments.orderId, order.id), eq(payments.status, 'submitted'), madeIt(order.id, token)))
      : s.db
          .update(payments)
          .set({ status: 'failed', failureReason: input.reason, updatedAt: at })
          .where(and(eq(payments.orderId, order.id), eq(payments.status, 'created'), madeIt(order.id, token))),
    guardedAudit(order.id, token, {
      actorId: input.actorId,
      action: input.to === 'Rejected' ? 'order.rejected' : 'order.failed',
      details: { via: input.via, from: order.status, reason: input.reason },
    }),
  ]);
  const after = (await loadOrder(s, order.id))!;
  const changed = after.transitionId === token;
  if (changed && input.to === 'Rejected') {
    const rcpt = formatRcptId(order.id);
    await sendMail(s.db, s.config, {
      ...compose(after.userEmail, `Contribution not verified: ${rcpt}`, [
        `Namaskar ${after.userName},`,
        `We could not verify the payment for your contribution ${rcpt} (${formatINR(after.totalPaise)}, transaction id ${after.transactionId ?? '-'}).`,
        `Reason: ${input.reason}`,
        `If you did pay, please reply to this email (it reaches the committee at ${committeeAddress(s)}) with the details, or share the same transaction id again on a new contribution from the website.`,
      ]),
      // a reply reaches the committee, not the no-reply sender
      headers: { 'Reply-To': committeeAddress(s) },
    });
  }
  return { order: after, changed };
}

/**
 * A payment Razorpay reports as authorized but not captured is captured now (for its own amount), so that
 * the order is paid for real; Razorpay would otherwise refund it while the order looked paid. Returns the
 * payment as Razorpay reports it after that.
 */
export async function captureIfAuthorized(rzp: Razorpay, p: RazorpayPayment): Promise<RazorpayPayment> {
  if (p.status !== 'authorized') return p;
  try {
    return await rzp.capturePayment(p.id, p.amount);
  } catch (err) {
    // captured meanwhile by a concurrent call: Razorpay refuses the second capture; ask again
    if (err instanceof RazorpayError && !isTransient(err)) return rzp.fetchPayment(p.id);
    throw err;
  }
}

/** Razorpay's word on one of our online orders: the paid (captured) payment of its Razorpay order, if any. */
export async function paidPaymentOf(rzp: Razorpay, providerOrderId: string): Promise<RazorpayPayment | null> {
  const items = (await rzp.fetchOrderPayments(providerOrderId)).filter((p) => p.order_id === providerOrderId);
  const paid = items.find(isPaid);
  if (paid) return paid;
  const authorized = items.find((p) => p.status === 'authorized');
  if (!authorized) return null;
  const after = await captureIfAuthorized(rzp, authorized);
  return isPaid(after) ? after : null;
}

/** The online attempt of an order (one Razorpay order per order). */
export async function razorpayAttempt(s: Svc, orderId: number) {
  return s.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, 'razorpay')))
    .get();
}

/**
 * Asks Razorpay about an online order still Pending Payment (or Failed): confirms it if paid; otherwise,
 * when `expireBefore` is given and the order is older, gives it up. Returns the order's status after.
 */
export async function settleOnline(
  s: Svc,
  order: OrderRow,
  opts: { via: Via; expireBefore?: number; actorId?: number | null },
): Promise<string> {
  const attempt = await razorpayAttempt(s, order.id);
  if (attempt?.providerOrderId) {
    const paid = await paidPaymentOf(razorpayFor(s), attempt.providerOrderId);
    if (paid) {
      try {
        return (
          await confirmPayment(s, {
            orderId: order.id,
            via: opts.via,
            actorId: opts.actorId ?? null,
            razorpay: { paymentId: paid.id, orderId: attempt.providerOrderId, amountPaise: paid.amount },
          })
        ).order.status;
      } catch (err) {
        log('error', 'settle.confirm_failed', { orderId: order.id, error: String(err) });
        return order.status;
      }
    }
  }
  if (opts.expireBefore !== undefined && order.createdAt < opts.expireBefore && order.status === 'Pending Payment') {
    return (
      await releaseOrder(s, {
        orderId: order.id,
        to: 'Failed',
        reason: 'Payment not completed in time',
        via: opts.via,
        actorId: null,
      })
    ).order.status;
  }
  return order.status;
}

/** Direct-transfer orders started but never given a transaction id are kept this long (Retry Payment). */
export const OFFLINE_ABANDON_MS = 7 * 24 * 60 * 60 * 1000;

/** The cron's part: settle online orders left Pending Payment, expire abandoned ones. */
export async function reconcilePayments(s: Svc, now = Date.now()): Promise<{ settled: number; expired: number }> {
  const onlineCutoff = now - s.config.ABANDON_AFTER_MINUTES * 60_000;
  // TRANSFER_EXPIRE_DAYS (default 7, as OFFLINE_ABANDON_MS): a transfer never shared is given up after it (decision 084)
  const offlineAbandonMs = (s.config.TRANSFER_EXPIRE_DAYS ?? 7) * 24 * 60 * 60 * 1000;
  // Online and direct-transfer orders are read apart, so that young transfers never crowd out online ones.
  const pendingOf = (type: 'Online' | 'Offline', before: number) =>
    s.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'Pending Payment'), eq(orders.paymentType, type), lt(orders.createdAt, before)))
      .orderBy(orders.createdAt)
      .limit(100)
      .all();
  // A transfer that holds a sponsorship item keeps it only briefly until the payer shares the transaction id
  // (TRANSFER_HOLD_HOURS); after that the hold lasts until an admin decides (decision 071).
  const holdCutoff = now - s.config.TRANSFER_HOLD_HOURS * 3_600_000;
  const heldTransfers = s.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'Pending Payment'),
        eq(orders.paymentType, 'Offline'),
        lt(orders.createdAt, holdCutoff),
        sql`EXISTS (SELECT 1 FROM sponsorship_claims c WHERE c.order_id = ${orders.id} AND c.state = 'held')`,
      ),
    )
    .orderBy(orders.createdAt)
    .limit(100)
    .all();
  const [online, offline, held] = await Promise.all([
    pendingOf('Online', now - 60_000),
    pendingOf('Offline', now - offlineAbandonMs),
    heldTransfers,
  ]);
  const pending = [...online, ...new Map([...offline, ...held].map((o) => [o.id, o])).values()];
  let settled = 0;
  let expired = 0;
  for (const o of pending) {
    try {
      if (o.paymentType === 'Online') {
        const after = await settleOnline(s, o, { via: 'reconciler', expireBefore: onlineCutoff });
        if (after === 'Success') settled++;
        if (after === 'Failed') expired++;
      } else {
        await releaseOrder(s, {
          orderId: o.id,
          to: 'Failed',
          reason:
            o.createdAt < now - offlineAbandonMs
              ? 'Transfer details not shared in time'
              : 'Transfer details not shared in time; the sponsorship hold was released',
          via: 'reconciler',
          actorId: null,
        });
        expired++;
      }
    } catch (err) {
      // Razorpay unreachable: leave it for the next run.
      log('warn', 'reconcile.skipped', { orderId: o.id, error: String(err) });
    }
  }
  return { settled, expired };
}

const rzpId = z.string().min(1).max(100);
/** The parts of a Razorpay event the app reads; anything else in it is ignored. */
const webhookBody = z
  .object({
    event: z.string().max(100),
    payload: z
      .object({
        payment: z
          .object({
            entity: z
              .object({
                id: rzpId,
                order_id: rzpId.nullish(),
                amount: z.number().int().nonnegative(),
                error_description: z.string().nullish(),
              })
              .loose(),
          })
          .loose()
          .optional(),
        order: z
          .object({ entity: z.object({ id: rzpId }).loose() })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
type WebhookBody = z.output<typeof webhookBody>;

/**
 * POST /api/webhooks/razorpay: verified on the raw body, de-duplicated on the event id. payment.captured
 * and order.paid confirm the order through confirmPayment; payment.failed fails an order still waiting
 * (releasing its hold). Should the payer retry inside Checkout and pay, the capture still wins.
 */
export async function handleWebhook(
  s: Svc,
  raw: string,
  signature: string | undefined,
  eventIdHeader: string | undefined,
  defer?: Defer,
): Promise<{ received: true; duplicate?: true; ignored?: string }> {
  if (!signature || !(await verifyWebhookSignature(raw, signature, s.config.RAZORPAY_WEBHOOK_SECRET))) {
    log('warn', 'webhook.bad_signature', { bytes: raw.length });
    throw new DomainError('InvalidSignature', 'The webhook signature does not match.', 400);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new DomainError('BadRequest', 'The webhook body is not JSON.', 400);
  }
  const eventId = eventIdHeader?.trim().slice(0, 100) || `sha:${await sha256(raw)}`;
  const parsed = webhookBody.safeParse(json);
  if (!parsed.success) {
    // Signed by Razorpay but not of a shape we read: retrying cannot help, so it is acknowledged (2xx)
    // and kept in the log; never a 5xx that Razorpay would retry for days.
    const what = describeIssues(parsed.error.issues);
    log('error', 'webhook.bad_payload', { eventId, what });
    await s.db.insert(webhookEvents).values({ eventId, eventType: 'malformed' }).onConflictDoNothing();
    return { received: true, ignored: t('webhook.badPayload', { what }) };
  }
  const body: WebhookBody = parsed.data;
  const event = body.event;
  const seen = await s.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId)).get();
  if (seen) return { received: true, duplicate: true };

  let ignored: string | undefined;
  const pay = body.payload?.payment?.entity;
  const rzpOrderId = pay?.order_id ?? body.payload?.order?.entity?.id;
  const found = rzpOrderId
    ? await s.db
        .select({ orderId: payments.orderId })
        .from(payments)
        .where(eq(payments.providerOrderId, rzpOrderId))
        .get()
    : undefined;
  if (event.startsWith('refund.')) ignored = await handleRefundEvent(s, event, json);
  else if (!['payment.captured', 'order.paid', 'payment.failed'].includes(event)) ignored = 'event not handled';
  else if (!pay?.id || !rzpOrderId) ignored = 'no payment in the payload';
  else if (!found) ignored = 'unknown order';
  else {
    try {
      if (event === 'payment.failed') {
        await s.db
          .update(payments)
          .set({
            failureReason: String(pay.error_description ?? 'Payment failed').slice(0, 300),
            updatedAt: Date.now(),
          })
          .where(and(eq(payments.providerOrderId, rzpOrderId), eq(payments.status, 'created')));
        // Only an order still waiting fails; a capture reported later still wins (Failed -> Success).
        const o = await loadOrder(s, found.orderId);
        if (o?.status === 'Pending Payment') {
          await releaseOrder(s, {
            orderId: o.id,
            to: 'Failed',
            reason: `Payment failed (${pay.id})`,
            via: 'webhook',
            actorId: null,
          });
        } else ignored = `order is ${o?.status}`;
      } else {
        await confirmPayment(s, {
          orderId: found.orderId,
          via: 'webhook',
          actorId: null,
          razorpay: { paymentId: pay.id, orderId: rzpOrderId, amountPaise: Number(pay.amount) },
          defer,
        });
      }
    } catch (err) {
      // Refused for good (amount mismatch, payment used, rejected order): retrying cannot help.
      if (!(err instanceof DomainError) || err.status >= 500) throw err;
      log('error', 'webhook.refused', { event, orderId: found.orderId, error: err.message });
      ignored = err.code;
    }
  }
  await s.db
    .insert(webhookEvents)
    .values({ eventId, eventType: event.slice(0, 60) })
    .onConflictDoNothing();
  return ignored ? { received: true, ignored } : { received: true };
}

async function sha256(text: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
