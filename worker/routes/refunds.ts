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
import { call } from '../lib/call';
import { actorOf } from '../lib/session';
import { svc } from '../lib/svc';
import { completeFailedOrder } from '../services/admin/complete-failed';
import {
  carryOverOrder,
  getOrderRefunds,
  quoteRefund,
  recordManualRefund,
  refundOrder,
  retryRefund,
} from '../services/refunds/refunds';
import {
  approveStatementMatches,
  clearStatementFlag,
  getStatementCredits,
  getStatementImport,
  getStatementMapping,
  importStatement,
} from '../services/admin/statements';

export const refundRoutes = new Hono<AppEnv>()
  .post('/getOrderRefunds', ...call({ role: 'admin', session: 'batch', body: orderRefundsRequest }), async (c) => {
    return c.json({ data: await getOrderRefunds(svc(c), c.req.valid('json')) });
  })
  .post('/getRefundQuote', ...call({ role: 'admin', session: 'batch', body: refundQuoteRequest }), async (c) => {
    return c.json({ data: await quoteRefund(svc(c), c.req.valid('json')) });
  })
  .post('/refundOrder', ...call({ role: 'admin', body: refundOrderRequest }), async (c) => {
    return c.json({ data: await refundOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // a refund that failed at the gateway: asked again, or recorded as paid back by hand (decision 145)
  .post('/retryRefund', ...call({ role: 'admin', body: retryRefundRequest }), async (c) => {
    return c.json({ data: await retryRefund(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/recordManualRefund', ...call({ role: 'admin', body: manualRefundRequest }), async (c) => {
    return c.json({ data: await recordManualRefund(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/carryOverOrder', ...call({ role: 'admin', body: carryOverRequest }), async (c) => {
    return c.json({ data: await carryOverOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/completeFailedOrder', ...call({ role: 'admin', body: completeFailedOrderRequest }), async (c) => {
    return c.json({ data: await completeFailedOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // ---- bank statement matching ----
  .post('/getStatementMapping', ...call({ role: 'admin', session: 'batch', body: emptyBody }), async (c) => {
    return c.json({ data: await getStatementMapping(svc(c)) });
  })
  .post('/importStatement', ...call({ role: 'admin', body: importStatementRequest }), async (c) => {
    return c.json({ data: await importStatement(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post(
    '/getStatementImport',
    ...call({ role: 'admin', session: 'batch', body: statementImportRequest }),
    async (c) => {
      return c.json({ data: await getStatementImport(svc(c), c.req.valid('json')) });
    },
  )
  .post('/approveStatementMatches', ...call({ role: 'admin', body: statementImportRequest }), async (c) => {
    return c.json({ data: await approveStatementMatches(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getStatementCredits', ...call({ role: 'admin', session: 'batch', body: emptyBody }), async (c) => {
    return c.json({ data: await getStatementCredits(svc(c)) });
  })
  .post('/clearStatementFlag', ...call({ role: 'admin', body: clearStatementFlagRequest }), async (c) => {
    return c.json({ data: await clearStatementFlag(svc(c), actorOf(c), c.req.valid('json')) });
  });
