// The Worker's signatures (Web Crypto) against Node's own HMAC: the same hex Razorpay computes.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  paymentSignature,
  verifyPaymentSignature,
  verifyWebhookSignature,
  webhookSignature,
} from '../../worker/lib/razorpay';

describe('Razorpay signatures', () => {
  it('signs a payment as HMAC_SHA256(order_id|payment_id, key_secret) in hex', async () => {
    const expected = createHmac('sha256', 'secret-x').update('order_ABC|pay_DEF').digest('hex');
    expect(await paymentSignature('order_ABC', 'pay_DEF', 'secret-x')).toBe(expected);
    expect(await verifyPaymentSignature('order_ABC', 'pay_DEF', expected, 'secret-x')).toBe(true);
    expect(await verifyPaymentSignature('order_ABC', 'pay_DEF', expected.toUpperCase(), 'secret-x')).toBe(true);
    expect(await verifyPaymentSignature('order_ABD', 'pay_DEF', expected, 'secret-x')).toBe(false);
    expect(await verifyPaymentSignature('order_ABC', 'pay_DEF', expected.slice(0, -1), 'secret-x')).toBe(false);
    expect(await verifyPaymentSignature('order_ABC', 'pay_DEF', '', 'secret-x')).toBe(false);
  });

  it('signs a webhook body with the webhook secret; one changed byte fails', async () => {
    const body = '{"event":"payment.captured","payload":{"payment":{"entity":{"amount":150000}}}}';
    const expected = createHmac('sha256', 'whsec').update(body).digest('hex');
    expect(await webhookSignature(body, 'whsec')).toBe(expected);
    expect(await verifyWebhookSignature(body, expected, 'whsec')).toBe(true);
    expect(await verifyWebhookSignature(body.replace('150000', '150001'), expected, 'whsec')).toBe(false);
    expect(await verifyWebhookSignature(body, expected, 'other')).toBe(false);
  });
});
