import { Hono } from 'hono/tiny';
import { addToCartRequest } from '../../core/contracts/cart';
import { emptyBody } from '../../core/contracts/common';
import type { AppEnv } from '../env';
import { call } from '../lib/call';
import { actorOf } from '../lib/session';
import { svc } from '../lib/svc';
import * as cart from '../services/checkout/cart';

// /addToCart and /getCartDetails look the session up in their own batch (session: 'batch', docs/decisions/111).
export const cartRoutes = new Hono<AppEnv>()
  .post('/addToCart', ...call({ role: 'user', session: 'batch', body: addToCartRequest }), async (c) => {
    return c.json({ data: await cart.addToCart(svc(c), c.req.valid('json')) });
  })
  .post('/getCartDetails', ...call({ role: 'user', session: 'batch', replica: true, body: emptyBody }), async (c) => {
    return c.json({ data: await cart.getCartDetails(svc(c)) });
  })
  .post('/deleteCart', ...call({ role: 'user', body: emptyBody }), async (c) => {
    return c.json({ data: await cart.deleteCart(svc(c), actorOf(c)) });
  });
