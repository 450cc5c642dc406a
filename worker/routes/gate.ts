import { Hono } from 'hono/tiny';
import {
  gateProductsRequest,
  gateSalesRequest,
  recordCashHandoverRequest,
  recordGateSaleRequest,
  resolveGateConflictRequest,
} from '../../core/contracts/gate';
import type { AppEnv } from '../env';
import { call } from '../lib/call';
import { actorOf } from '../lib/session';
import { svc } from '../lib/svc';
import * as gate from '../services/venue/gate';

/**
 * /recordGateSale looks the session up in its own batch with its reads (session: 'batch', docs/decisions/111).
 * Gate sales (docs/decisions/250): volunteers and admins ('staff') sell at the venue; admins read
 * the day's totals, record the cash handed over and resolve the sales an offline phone oversold.
 */
export const gateRoutes = new Hono<AppEnv>()
  .post('/getGateProducts', ...call({ role: 'staff', body: gateProductsRequest }), async (c) => {
    return c.json({ data: await gate.listGateProducts(svc(c)) });
  })
  .post('/recordGateSale', ...call({ role: 'staff', session: 'batch', body: recordGateSaleRequest }), async (c) => {
    return c.json({ data: await gate.recordSale(svc(c), c.req.valid('json')) });
  })
  .post('/getGateSales', ...call({ role: 'admin', body: gateSalesRequest }), async (c) => {
    return c.json({ data: await gate.gateSalesReport(svc(c), c.req.valid('json')) });
  })
  .post('/recordCashHandover', ...call({ role: 'admin', body: recordCashHandoverRequest }), async (c) => {
    return c.json({ data: await gate.recordHandover(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/resolveGateConflict', ...call({ role: 'admin', body: resolveGateConflictRequest }), async (c) => {
    return c.json({ data: await gate.resolveConflict(svc(c), actorOf(c), c.req.valid('json')) });
  });
