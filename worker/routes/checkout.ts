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
import { input } from '../lib/input';
import { actorOf, requireRole } from '../lib/session';
import { svc } from '../lib/svc';
import * as checkout from '../services/checkout';
import * as member from '../services/checkout-member';
import * as payment from '../services/checkout-payment';
import { paymentOptions } from '../services/checkout-prepare';
import { handleWebhook } from '../services/webhook';

// /startOrder, /getOrders and /getUserExtraInfo look the session up in their own batch (SESSION_IN_BATCH,
// docs/decisions/111).
export const checkoutRoutes = new Hono<AppEnv>()
  .post('/startOrder', requireRole('user'), input(startOrderRequest), async (c) => {
    return c.json({ data: await checkout.startOrder(svc(c), c.req.valid('json')) });
  })
  .post('/handleSuccessOrder', requireRole('user'), input(handleSuccessOrderRequest), async (c) => {
    return c.json({ data: await payment.handleSuccessOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/handleFailOrder', requireRole('user'), input(handleFailOrderRequest), async (c) => {
    return c.json({ data: await payment.handleFailOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/handleOfflineOrder', requireRole('user'), input(handleOfflineOrderRequest), async (c) => {
    return c.json({ data: await payment.handleOfflineOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/giveUpOrder', requireRole('user'), input(giveUpOrderRequest), async (c) => {
    return c.json({ data: await payment.giveUpOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getOrders', requireRole('user'), input(emptyBody), async (c) => {
    return c.json({ data: await member.getOrders(svc(c)) });
  })
  .post('/getUserExtraInfo', requireRole('user'), input(emptyBody), async (c) => {
    return c.json({ data: await member.getUserExtraInfo(svc(c)) });
  })
  .post('/saveUserExtraInfo', requireRole('user'), input(saveUserExtraInfoRequest), async (c) => {
    return c.json({ data: await member.saveUserExtraInfo(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // What the payment screens show before an order exists: bank/UPI details and the online convenience charge.
  .post('/getPaymentOptions', requireRole('user'), input(emptyBody), async (c) => {
    return c.json({ data: await paymentOptions(svc(c)) });
  });

/** Razorpay's webhooks: no session; the signature on the raw body is the authentication. */
export const webhookRoutes = new Hono<AppEnv>().post('/webhooks/razorpay', async (c) => {
  const raw = await c.req.text();
  if (raw.length > 256 * 1024) throw new DomainError('BadRequest', say('webhook.tooLarge'), 413);
  const data = await handleWebhook(svc(c), {
    raw,
    signature: c.req.header('x-razorpay-signature'),
    eventIdHeader: c.req.header('x-razorpay-event-id'),
  });
  return c.json({ data });
});
