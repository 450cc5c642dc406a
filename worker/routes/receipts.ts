// Receipt calls: the member's own receipt and billing details, a walk-in's by its link; an admin's re-send and register.
import { Hono } from 'hono/tiny';
import {
  receiptBillingRequest,
  receiptLinkRequest,
  receiptRegisterRequest,
  receiptRequest,
  resendReceiptRequest,
} from '../../core/contracts/receipts';
import type { AppEnv } from '../env';
import { call } from '../lib/call';
import { actorOf } from '../lib/session';
import { svc } from '../lib/svc';
import {
  getReceipt,
  getReceiptByLink,
  receiptRegister,
  resendReceipt,
  setReceiptBilling,
} from '../services/checkout/receipts';

export const receiptRoutes = new Hono<AppEnv>()
  .post('/getReceipt', ...call({ role: 'user', body: receiptRequest }), async (c) => {
    return c.json({ data: await getReceipt(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // the link in a walk-in's email (docs/decisions/280): its key opens that receipt, no session
  .post('/getReceiptByLink', ...call({ role: 'public', body: receiptLinkRequest }), async (c) => {
    return c.json({ data: await getReceiptByLink(svc(c), c.req.valid('json')) });
  })
  .post('/setReceiptBilling', ...call({ role: 'user', body: receiptBillingRequest }), async (c) => {
    return c.json({ data: await setReceiptBilling(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/resendReceipt', ...call({ role: 'admin', body: resendReceiptRequest }), async (c) => {
    return c.json({ data: await resendReceipt(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getReceiptRegister', ...call({ role: 'admin', body: receiptRegisterRequest }), async (c) => {
    return c.json({ data: await receiptRegister(svc(c), c.req.valid('json')) });
  });
