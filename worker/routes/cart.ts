import { Hono } from 'hono/tiny';
import { addToCartRequest } from '../../core/contracts/cart';
import { emptyBody } from '../../core/contracts/common';
import type { AppEnv } from '../env';
import { input } from '../lib/input';
import { actorOf, requireRole } from '../lib/session';
import { svc } from '../lib/svc';
import * as cart from '../services/cart';

// /addToCart and /getCartDetails look the session up in their own batch (SESSION_IN_BATCH, docs/decisions/111).
export const cartRoutes = new Hono<AppEnv>()
  .post('/addToCart', requireRole('user'), input(addToCartRequest), async (c) => {
    return c.json({ data: await cart.addToCart(svc(c), c.req.valid('json')) });
  })
  .post('/getCartDetails', requireRole('user'), input(emptyBody), async (c) => {
    return c.json({ data: await cart.getCartDetails(svc(c)) });
  })
  .post('/deleteCart', requireRole('user'), input(emptyBody), async (c) => {
    return c.json({ data: await cart.deleteCart(svc(c), actorOf(c)) });
  });
