// The test gateway's payment entity, shared by its payments and refunds APIs (local mode only): Razorpay's shape,
// with what refunds did to it. A payment counts its refunds that did not fail: `amount_refunded`, `refund_status`
// (null, 'partial' or 'full') and, once every paisa is refunded, status 'refunded' (a partly refunded payment stays
// 'captured'), as Razorpay's payments API reports them.
import { and, inArray, ne, sql } from 'drizzle-orm';
import { testGatewayRefunds } from '../../schema/refunds';
import type { testGatewayPayments } from '../../schema/test-gateway';
import type { Db } from '../lib/db';

type GwPayment = typeof testGatewayPayments.$inferSelect;

/** Razorpay's error body: the API's errors carry these fields whatever went wrong. */
export const rzpErrorBody = (
  description: string,
  step: string,
  field: string | null = null,
  code = 'BAD_REQUEST_ERROR',
) => ({
  error: { code, description, source: 'business', step, reason: 'input_validation_failed', metadata: {}, field },
});

/** The paise refunded so far per payment (refunds that did not fail). */
export async function refundedByPayment(db: Db, paymentIds: readonly string[]): Promise<Map<string, number>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: testGatewayRefunds.paymentId, sum: sql<number>`coalesce(sum(${testGatewayRefunds.amount}), 0)` })
    .from(testGatewayRefunds)
    .where(and(inArray(testGatewayRefunds.paymentId, [...paymentIds]), ne(testGatewayRefunds.status, 'failed')))
    .groupBy(testGatewayRefunds.paymentId)
    .all();
  return new Map(rows.map((r) => [r.id, Number(r.sum)]));
}

export function paymentEntity(p: GwPayment, refunded = 0) {
  const full = refunded > 0 && refunded >= p.amount;
  return {
    id: p.id,
    entity: 'payment',
    amount: p.amount,
    currency: p.currency,
    status: p.status === 'captured' && full ? 'refunded' : p.status,
    order_id: p.orderId,
    invoice_id: null,
    international: false,
    method: p.method,
    amount_refunded: refunded,
    refund_status: refunded === 0 ? null : full ? 'full' : 'partial',
    captured: p.status === 'captured',
    description: 'Test gateway payment',
    error_code: p.errorCode,
    error_description: p.errorDescription,
    created_at: p.createdAt,
  };
}

/** The payment entities of `rows`, each with its refunds. */
export async function paymentEntities(db: Db, rows: readonly GwPayment[]) {
  const refunded = await refundedByPayment(
    db,
    rows.map((p) => p.id),
  );
  return rows.map((p) => paymentEntity(p, refunded.get(p.id) ?? 0));
}

/** A webhook as the gateway sent it: the raw body and its X-Razorpay-Signature, for tools that check them. */
export type SentWebhook = { event: string; eventId: string; signature: string; body: string; at: number };

// The last webhooks this isolate's gateway sent (local mode: `wrangler dev` runs one isolate); newest last.
const sent: SentWebhook[] = [];

export function keepSentWebhook(w: Omit<SentWebhook, 'at'>) {
  sent.push({ ...w, at: Date.now() });
  if (sent.length > 50) sent.splice(0, sent.length - 50);
}

export const sentWebhooks = (): readonly SentWebhook[] => sent;
