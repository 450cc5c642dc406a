// The one Razorpay client: plain fetch with Basic auth, signatures with Web Crypto HMAC (docs/decisions/030).
import type { Config } from './config';
import { hmacSha256Hex, timingSafeEqual } from './crypto';
import { DomainError, say } from './errors';
import { log } from './log';

export type RazorpayOrder = {
  id: string;
  entity: 'order';
  amount: number; // paise
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
};

export type RazorpayPayment = {
  id: string;
  entity: 'payment';
  amount: number; // paise
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string | null;
  method: string;
  captured: boolean;
  email?: string;
  contact?: string;
  error_code?: string | null;
  error_description?: string | null;
  created_at: number;
};

export type Transport = (req: Request) => Promise<Response>;

export class RazorpayError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RazorpayError';
  }
}

/**
 * Paid means captured. An authorized payment is not money received: Razorpay refunds it unless it is
 * captured, so the app captures it first (captureIfAuthorized) and only then counts it.
 */
export const isPaid = (p: Pick<RazorpayPayment, 'status'>) => p.status === 'captured';

/**
 * Only a network failure or a 5xx may be waited out (or, in the checkout callback, answered from the
 * signature alone); a 4xx (bad keys, unknown id) is a fault to fix and fails closed.
 */
export const isTransient = (err: RazorpayError) => err.status === 0 || err.status >= 500;

/**
 * The one way the app calls Razorpay's REST API: Basic auth, JSON, and RazorpayError with the HTTP status
 * (0 when unreachable). The payments client below and the refunds client (razorpay-refunds.ts) share it.
 */
export function razorpayRequester(
  config: Pick<Config, 'RAZORPAY_BASE_URL' | 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET'>,
  transport: Transport,
) {
  const base = (config.RAZORPAY_BASE_URL === 'local' ? 'http://razorpay.local' : config.RAZORPAY_BASE_URL).replace(
    /\/$/,
    '',
  );
  const auth = `Basic ${btoa(`${config.RAZORPAY_KEY_ID}:${config.RAZORPAY_KEY_SECRET}`)}`;

  return async function request<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
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
      // a 4xx is our fault (keys, ids, amounts): loud, so that someone fixes it
      log(res.status >= 500 ? 'warn' : 'error', 'razorpay.error', { path, status: res.status, desc });
      throw new RazorpayError(res.status, desc);
    }
    return json as T;
  };
}

export function makeRazorpay(
  config: Pick<Config, 'RAZORPAY_BASE_URL' | 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET'>,
  transport: Transport,
) {
  const request = razorpayRequester(config, transport);

  return {
    keyId: config.RAZORPAY_KEY_ID,
    createOrder: (p: { amountPaise: number; receipt: string; notes?: Record<string, string> }) =>
      request<RazorpayOrder>('POST', '/v1/orders', {
        amount: p.amountPaise,
        currency: 'INR',
        receipt: p.receipt,
        notes: p.notes ?? {},
        payment_capture: 1,
      }),
    fetchOrder: (id: string) => request<RazorpayOrder>('GET', `/v1/orders/${encodeURIComponent(id)}`),
    fetchOrderPayments: async (id: string) =>
      (
        await request<{ entity: 'collection'; count: number; items: RazorpayPayment[] }>(
          'GET',
          `/v1/orders/${encodeURIComponent(id)}/payments`,
        )
      ).items,
    fetchPayment: (id: string) => request<RazorpayPayment>('GET', `/v1/payments/${encodeURIComponent(id)}`),
    capturePayment: (id: string, amountPaise: number) =>
      request<RazorpayPayment>('POST', `/v1/payments/${encodeURIComponent(id)}/capture`, {
        amount: amountPaise,
        currency: 'INR',
      }),
  };
}

export type Razorpay = ReturnType<typeof makeRazorpay>;

/** Checkout's signature: HMAC_SHA256(order_id + "|" + payment_id, key_secret), hex. */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): Promise<string> {
  return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);
}

export async function verifyPaymentSignature(
  orderId: string,
  paymentId: string,
  signature: string,
  keySecret: string,
): Promise<boolean> {
  return timingSafeEqual(await paymentSignature(orderId, paymentId, keySecret), signature.trim().toLowerCase());
}

/** Webhook signature: HMAC_SHA256(raw body, webhook_secret), hex, in X-Razorpay-Signature. */
export function webhookSignature(rawBody: string, webhookSecret: string): Promise<string> {
  return hmacSha256Hex(webhookSecret, rawBody);
}

export async function verifyWebhookSignature(rawBody: string, signature: string, secret: string): Promise<boolean> {
  return timingSafeEqual(await webhookSignature(rawBody, secret), signature.trim().toLowerCase());
}

export const providerUnavailable = () =>
  new DomainError('PaymentProviderError', say('payment.providerUnreachable'), 502);
