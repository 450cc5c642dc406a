// Razorpay's Refunds API over fetch (docs/decisions/080-refunds.md): create with X-Refund-Idempotency, fetch
// one refund, list a payment's refunds. In local mode it reaches the built-in test gateway in-process.
import type { Config } from './config';
import { razorpayRequester, type Transport } from './razorpay';

export type RazorpayRefund = {
  id: string;
  entity: 'refund';
  amount: number; // paise
  currency: string;
  payment_id: string;
  notes: Record<string, string> | unknown[];
  status: 'pending' | 'processed' | 'failed';
  created_at: number;
  speed_requested?: string;
  speed_processed?: string;
};

export function makeRazorpayRefunds(
  config: Pick<Config, 'RAZORPAY_BASE_URL' | 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET'>,
  transport: Transport,
) {
  const request = razorpayRequester(config, transport);

  return {
    /** POST /v1/payments/{id}/refund: the same idempotency key always answers the same refund. */
    createRefund: (p: {
      paymentId: string;
      amountPaise: number;
      idempotencyKey: string;
      notes: Record<string, string>;
    }) =>
      request<RazorpayRefund>(
        'POST',
        `/v1/payments/${encodeURIComponent(p.paymentId)}/refund`,
        { amount: p.amountPaise, speed: 'normal', notes: p.notes, receipt: p.notes.samiti_refund ?? null },
        { 'X-Refund-Idempotency': p.idempotencyKey },
      ),
    fetchRefund: (id: string) => request<RazorpayRefund>('GET', `/v1/refunds/${encodeURIComponent(id)}`),
    paymentRefunds: async (paymentId: string) =>
      (
        await request<{ entity: 'collection'; count: number; items: RazorpayRefund[] }>(
          'GET',
          `/v1/payments/${encodeURIComponent(paymentId)}/refunds`,
        )
      ).items,
  };
}

export type RazorpayRefunds = ReturnType<typeof makeRazorpayRefunds>;
