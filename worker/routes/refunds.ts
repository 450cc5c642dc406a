// Refund calls: admins only, the role checked before the body is validated (DECISIONS.md).
import { Hono } from 'hono/tiny';
import { emptyBody } from '../../core/contracts/common';
import {
  carryOverRequest,
  clearStatementFlagRequest,
  completeFailedOrderRequest,
  importStatementRequest,
  manualRefundRequest,
  orderRefundsRequest,
  refundOrderRequest,
  refundQuoteRequest,
  retryRefundRequest,
  statementImportRequest,
} from '../../core/contracts/refunds';
import type { AppEnv } from '../env';
import { input } from '../lib/input';
import { actorOf, requireRole } from '../lib/session';
import { svc } from '../lib/svc';
import { completeFailedOrder } from '../services/complete-failed';
import {
  carryOverOrder,
  getOrderRefunds,
  quoteRefund,
  recordManualRefund,
  refundOrder,
  retryRefund,
} from '../services/refunds';
import {
  approveStatementMatches,
  clearStatementFlag,
  getStatementCredits,
  getStatementImport,
  getStatementMapping,
  importStatement,
} from '../services/statements';

export const refundRoutes = new Hono<AppEnv>()
  .post('/getOrderRefunds', requireRole('admin'), input(orderRefundsRequest), async (c) => {
    return c.json({ data: await getOrderRefunds(svc(c), c.req.valid('json')) });
  })
  .post('/getRefundQuote', requireRole('admin'), input(refundQuoteRequest), async (c) => {
    return c.json({ data: await quoteRefund(svc(c), c.req.valid('json')) });
  })
  .post('/refundOrder', requireRole('admin'), input(refundOrderRequest), async (c) => {
    return c.json({ data: await refundOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // a refund that failed at the gateway: asked again, or recorded as paid back by hand (decision 145)
  .post('/retryRefund', requireRole('admin'), input(retryRefundRequest), async (c) => {
    return c.json({ data: await retryRefund(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/recordManualRefund', requireRole('admin'), input(manualRefundRequest), async (c) => {
    return c.json({ data: await recordManualRefund(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/carryOverOrder', requireRole('admin'), input(carryOverRequest), async (c) => {
    return c.json({ data: await carryOverOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/completeFailedOrder', requireRole('admin'), input(completeFailedOrderRequest), async (c) => {
    return c.json({ data: await completeFailedOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // ---- bank statement matching ----
  .post('/getStatementMapping', requireRole('admin'), input(emptyBody), async (c) => {
    return c.json({ data: await getStatementMapping(svc(c)) });
  })
  .post('/importStatement', requireRole('admin'), input(importStatementRequest), async (c) => {
    return c.json({ data: await importStatement(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getStatementImport', requireRole('admin'), input(statementImportRequest), async (c) => {
    return c.json({ data: await getStatementImport(svc(c), c.req.valid('json')) });
  })
  .post('/approveStatementMatches', requireRole('admin'), input(statementImportRequest), async (c) => {
    return c.json({ data: await approveStatementMatches(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getStatementCredits', requireRole('admin'), input(emptyBody), async (c) => {
    return c.json({ data: await getStatementCredits(svc(c)) });
  })
  .post('/clearStatementFlag', requireRole('admin'), input(clearStatementFlagRequest), async (c) => {
    return c.json({ data: await clearStatementFlag(svc(c), actorOf(c), c.req.valid('json')) });
  });
