import { Hono } from 'hono';
import type { CountResponse, UProductsResponse } from '../../core/contracts/catalogue';
import { emptyBody } from '../../core/contracts/common';
import { festivalYear } from '../../core/festival';
import type { AppEnv } from '../env';
import { input } from '../lib/input';
import { requireRole } from '../lib/session';
import { svc } from '../lib/svc';
import { buyerCounts, memberPricedUsed } from '../services/cart';
import * as catalogue from '../services/catalogue';
import { getSetting } from '../services/settings';

// The member's calls look the session up in their own batch (SESSION_IN_BATCH, docs/decisions/111).
export const catalogueRoutes = new Hono<AppEnv>()
  .post('/getProducts', requireRole('user'), input(emptyBody), async (c) => {
    return c.json({ data: await catalogue.customerProducts(svc(c), festivalYear()) });
  })
  // Public: a visitor builds a daily-pass selection before registering (SPEC.md section 6).
  .post('/getUProducts', input(emptyBody), async (c) => {
    const s = svc(c);
    const [{ passes: DAILY_PASS, extraContributionId }, dailyPassLive] = await Promise.all([
      catalogue.dailyPassCatalogue(s),
      getSetting(s.db, 'dailyPassLive'),
    ]);
    const data: UProductsResponse = { productsResponses: { DAILY_PASS }, extraContributionId, dailyPassLive };
    return c.json({ data });
  })
  // The caller's UTSAV memberships this festival year (paid or awaiting approval).
  .post('/getUtsavUserCount', requireRole('user'), input(emptyBody), async (c) => {
    const ctx = await buyerCounts(svc(c));
    const data: CountResponse = { count: ctx.utsavMemberships };
    return c.json({ data });
  })
  // Member-priced pass units (Kali Puja / Bijaya Sanmelani bhog) the caller already used this year:
  // the old client shows Utsav count minus this count as the units still at the member price.
  .post('/getBijayaSanmelaniCount', requireRole('user'), input(emptyBody), async (c) => {
    const data: CountResponse = { count: memberPricedUsed(await buyerCounts(svc(c))) };
    return c.json({ data });
  });
