import { Hono } from 'hono/tiny';
import {
  giveUpOrderRequest,
  handleFailOrderRequest,
  handleOfflineOrderRequest,
  handleSuccessOrderRequest,
  saveUserExtraInfoRequest,
  startOrderRequest,
} from '../../core/contracts/checkout';
import { emptyBody } from '../../core/contracts/common';
import type { AppEnv } from '../env';
import { DomainError, say } from '../lib/errors';
import { call } from '../lib/call';
import { actorOf } from '../lib/session';
import { svc } from '../lib/svc';
import * as checkout from '../services/checkout/checkout';
import * as member from '../services/checkout/checkout-member';
import * as payment from '../services/checkout/checkout-payment';
import { paymentOptions } from '../services/checkout/checkout-prepare';
import { handleWebhook } from '../services/checkout/webhook';

// /startOrder, /getOrders and /getUserExtraInfo look the session up in their own batch (session: 'batch',
// docs/decisions/111).
export const checkoutRoutes = new Hono<AppEnv>()
  .post('/startOrder', ...call({ role: 'user', session: 'batch', body: startOrderRequest }), async (c) => {
    return c.json({ data: await checkout.startOrder(svc(c), c.req.valid('json')) });
  })
  .post('/handleSuccessOrder', ...call({ role: 'user', body: handleSuccessOrderRequest }), async (c) => {
    return c.json({ data: await payment.handleSuccessOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/handleFailOrder', ...call({ role: 'user', body: handleFailOrderRequest }), async (c) => {
    return c.json({ data: await payment.handleFailOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/handleOfflineOrder', ...call({ role: 'user', body: handleOfflineOrderRequest }), async (c) => {
    return c.json({ data: await payment.handleOfflineOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/giveUpOrder', ...call({ role: 'user', body: giveUpOrderRequest }), async (c) => {
    return c.json({ data: await payment.giveUpOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getOrders', ...call({ role: 'user', session: 'batch', replica: true, body: emptyBody }), async (c) => {
    return c.json({ data: await member.getOrders(svc(c)) });
  })
  .post('/getUserExtraInfo', ...call({ role: 'user', session: 'batch', replica: true, body: emptyBody }), async (c) => {
    return c.json({ data: await member.getUserExtraInfo(svc(c)) });
  })
  .post('/saveUserExtraInfo', ...call({ role: 'user', body: saveUserExtraInfoRequest }), async (c) => {
    return c.json({ data: await member.saveUserExtraInfo(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // What the payment screens show before an order exists: bank/UPI details and the online convenience charge.
  .post('/getPaymentOptions', ...call({ role: 'user', replica: true, body: emptyBody }), async (c) => {
    return c.json({ data: await paymentOptions(svc(c)) });
  });

/** Razorpay's webhooks: no session; the signature on the raw body is the authentication. */
export const webhookRoutes = new Hono<AppEnv>().post(
  '/webhooks/razorpay',
  ...call({ role: 'public', body: 'raw' }),
  async (c) => {
    const raw = await c.req.text();
    if (raw.length > 256 * 1024) throw new DomainError('BadRequest', say('webhook.tooLarge'), 413);
    const data = await handleWebhook(svc(c), {
      raw,
      signature: c.req.header('x-razorpay-signature'),
      eventIdHeader: c.req.header('x-razorpay-event-id'),
    });
    return c.json({ data });
  },
);
