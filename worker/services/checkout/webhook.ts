// POST /api/webhooks/razorpay: Razorpay's events, verified on the raw body and de-duplicated on the event id.
// Payments go through the transitions module (confirm, release); refunds through refunds.ts.
import { eq } from 'drizzle-orm';
import * as z from 'zod';
import { describeIssues } from '../../../core/contracts/issues';
import { t } from '../../../core/i18n';
import { ORDER_STATUS } from '../../../core/orders';
import { payments, webhookEvents } from '../../../schema/index';
import { runBatch } from '../../lib/d1-batch';
import { DomainError, say } from '../../lib/errors';
import { log } from '../../lib/log';
import { verifyWebhookSignature } from '../../lib/razorpay';
import type { Svc } from '../../lib/svc';
import { handleRefundEvent } from '../refunds/refunds';
import { confirmPayment, loadOrder, notePaymentFailure, releaseOrder } from '../transitions/orders';

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
  { raw, signature, eventIdHeader }: { raw: string; signature?: string; eventIdHeader?: string },
): Promise<{ received: true; duplicate?: true; ignored?: string }> {
  if (!signature || !(await verifyWebhookSignature(raw, signature, s.config.RAZORPAY_WEBHOOK_SECRET))) {
    log('warn', 'webhook.bad_signature', { bytes: raw.length });
    throw new DomainError('InvalidSignature', say('webhook.badSignature'), 400);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new DomainError('BadRequest', say('webhook.notJson'), 400);
  }
  const eventId = eventIdHeader?.trim().slice(0, 100) || `sha:${await sha256(raw)}`;
  const parsed = webhookBody.safeParse(json);
  if (!parsed.success) {
    // Signed by Razorpay but not of a shape we read: retrying cannot help, so it is acknowledged (2xx)
    // and kept in the log; never a 5xx that Razorpay would retry for days.
    const what = describeIssues(parsed.error.issues).text;
    log('error', 'webhook.bad_payload', { eventId, what });
    await runBatch(s.db, [
      s.db.insert(webhookEvents).values({ eventId, eventType: 'malformed' }).onConflictDoNothing(),
    ]);
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
        await notePaymentFailure(s, rzpOrderId, String(pay.error_description ?? 'Payment failed'));
        // Only an order still waiting fails; a capture reported later still wins (Failed -> Success).
        const o = await loadOrder(s, found.orderId);
        if (o?.status === ORDER_STATUS.pendingPayment) {
          await releaseOrder(s, {
            orderId: o.id,
            to: ORDER_STATUS.failed,
            reason: `Payment failed (${pay.id})`,
            closedAs: 'failed',
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
          defer: s.defer,
        });
      }
    } catch (err) {
      // Refused for good (amount mismatch, payment used, rejected order): retrying cannot help.
      if (!(err instanceof DomainError) || err.status >= 500) throw err;
      log('error', 'webhook.refused', { event, orderId: found.orderId, error: err.message });
      ignored = err.code;
    }
  }
  await runBatch(s.db, [
    s.db
      .insert(webhookEvents)
      .values({ eventId, eventType: event.slice(0, 60) })
      .onConflictDoNothing(),
  ]);
  return ignored ? { received: true, ignored } : { received: true };
}

async function sha256(text: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
