// Razorpay Checkout, loaded only at payment time (never precached): Razorpay's public script in
// production, the built-in test gateway's script in local mode (the start-order answer names it).
import type { OnlineStartOrder } from '../../../core/contracts/checkout';

type SuccessResponse = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
type FailureResponse = { error?: { description?: string; metadata?: { payment_id?: string; order_id?: string } } };
type RazorpayInstance = {
  open(): void;
  close?(): void;
  on(event: 'payment.failed', fn: (r: FailureResponse) => void): void;
};
type RazorpayCtor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayCtor;
  }
}

const loading = new Map<string, Promise<void>>();

export function loadCheckoutScript(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  const hit = loading.get(src);
  if (hit) return hit;
  const p = new Promise<void>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = src;
    el.async = true;
    el.onload = () => (window.Razorpay ? resolve() : reject(new Error('no Razorpay')));
    el.onerror = () => {
      loading.delete(src);
      el.remove();
      reject(new Error('script failed'));
    };
    document.head.append(el);
  });
  loading.set(src, p);
  return p;
}

export type CheckoutOutcome =
  | { kind: 'success'; response: SuccessResponse }
  | { kind: 'failure'; paymentId: string | null }
  | { kind: 'dismissed' };

/** Opens Checkout for a started order; resolves once with what the payer did. */
export function openCheckout(order: OnlineStartOrder, name: string, description: string): Promise<CheckoutOutcome> {
  const Ctor = window.Razorpay;
  if (!Ctor) return Promise.reject(new Error('Razorpay not loaded'));
  return new Promise((resolve) => {
    let done = false;
    const finish = (o: CheckoutOutcome) => {
      if (done) return;
      done = true;
      resolve(o);
    };
    const rzp = new Ctor({
      key: order.keyId,
      amount: order.orderTotalInPaisa,
      currency: order.currency,
      order_id: order.orderOrTokenId,
      name,
      description,
      prefill: { name: order.userFullName, email: order.userEmail, contact: order.userMobile },
      notes: { contributionId: order.orderRcptId },
      handler: (response: SuccessResponse) => finish({ kind: 'success', response }),
      modal: { ondismiss: () => finish({ kind: 'dismissed' }), confirm_close: false },
    });
    rzp.on('payment.failed', (r) => {
      finish({ kind: 'failure', paymentId: r.error?.metadata?.payment_id ?? null });
      rzp.close?.();
    });
    rzp.open();
  });
}
