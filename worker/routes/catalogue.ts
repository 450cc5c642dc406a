import { Hono } from 'hono/tiny';
import { emptyBody } from '../../core/contracts/common';
import type { AppEnv } from '../env';
import { call } from '../lib/call';
import { svc } from '../lib/svc';
import * as cart from '../services/checkout/cart';
import * as catalogue from '../services/catalogue/catalogue';

// The member's calls look the session up in their own batch (session: 'batch', docs/decisions/111).
export const catalogueRoutes = new Hono<AppEnv>()
  .post('/getProducts', ...call({ role: 'user', session: 'batch', replica: true, body: emptyBody }), async (c) => {
    return c.json({ data: await catalogue.customerProducts(svc(c)) });
  })
  // Public: a visitor builds a daily-pass selection before registering (SPEC.md section 6).
  .post('/getUProducts', ...call({ role: 'public', replica: true, body: emptyBody }), async (c) => {
    return c.json({ data: await catalogue.uProducts(svc(c)) });
  })
  // Public: the live catalogue's membership plans, for the home page's plans table.
  .post('/getPlans', ...call({ role: 'public', replica: true, body: emptyBody }), async (c) => {
    return c.json({ data: await catalogue.publicPlans(svc(c)) });
  })
  // The caller's UTSAV memberships this festival year (paid or awaiting approval).
  .post(
    '/getUtsavUserCount',
    ...call({ role: 'user', session: 'batch', replica: true, body: emptyBody }),
    async (c) => {
      return c.json({ data: await cart.utsavUserCount(svc(c)) });
    },
  )
  // Member-priced pass units the caller already used this year (Kali Puja / Bijaya Sanmelani bhog).
  .post(
    '/getBijayaSanmelaniCount',
    ...call({ role: 'user', session: 'batch', replica: true, body: emptyBody }),
    async (c) => {
      return c.json({ data: await cart.bijayaSanmelaniCount(svc(c)) });
    },
  );
