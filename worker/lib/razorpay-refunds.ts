// Razorpay's Refunds API over fetch (docs/decisions/080-refunds.md): create with X-Refund-Idempotency, fetch
// one refund, list a payment's refunds. In local mode it reaches the built-in test gateway in-process.
import type { Config } from './config';
import { log } from './log';
import { RazorpayError, type Transport } from './razorpay';

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
  const base = (config.RAZORPAY_BASE_URL === 'local' ? 'http://razorpay.local' : config.RAZORPAY_BASE_URL).replace(
    /\/$/,
    '',
  );
  const auth = `Basic ${btoa(`${config.RAZORPAY_KEY_ID}:${config.RAZORPAY_KEY_SECRET}`)}`;

  async function request<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    let res: Response;
    try {
      res = await transport(
        new Request(`${base}${path}`, {
          method,
          headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
          body: body ? JSON.stringify(body) : undefined,
        }),
      );
    } catch (err) {
      log('error', 'razorpay.unreachable', { path, error: String(err) });
      throw new RazorpayError(0, 'Razorpay is unreachable');
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new RazorpayError(res.status, `Razorpay answered ${res.status} with no JSON`);
    }
    if (!res.ok) {
      const desc = (json as { error?: { description?: string } }).error?.description ?? `status ${res.status}`;
      log(res.status >= 500 ? 'warn' : 'error', 'razorpay.refund_error', { path, status: res.status, desc });
      throw new RazorpayError(res.status, desc);
    }
    return json as T;
  }

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
