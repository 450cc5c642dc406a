// Receipt calls: the member's own receipt and billing details; an admin's re-send and register.
import { Hono } from 'hono/tiny';
import {
  receiptBillingRequest,
  receiptRegisterRequest,
  receiptRequest,
  resendReceiptRequest,
} from '../../core/contracts/receipts';
import type { AppEnv } from '../env';
import { input } from '../lib/input';
import { actorOf, requireRole } from '../lib/session';
import { svc } from '../lib/svc';
import { getReceipt, receiptRegister, resendReceipt, setReceiptBilling } from '../services/receipts';

export const receiptRoutes = new Hono<AppEnv>()
  .post('/getReceipt', requireRole('user'), input(receiptRequest), async (c) => {
    return c.json({ data: await getReceipt(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/setReceiptBilling', requireRole('user'), input(receiptBillingRequest), async (c) => {
    return c.json({ data: await setReceiptBilling(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/resendReceipt', requireRole('admin'), input(resendReceiptRequest), async (c) => {
    return c.json({ data: await resendReceipt(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getReceiptRegister', requireRole('admin'), input(receiptRegisterRequest), async (c) => {
    return c.json({ data: await receiptRegister(svc(c), c.req.valid('json')) });
  });
