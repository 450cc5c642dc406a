import { Hono } from 'hono';
import { addToCartRequest } from '../../core/contracts/cart';
import { emptyBody } from '../../core/contracts/common';
import type { AppEnv } from '../env';
import { input } from '../lib/input';
import { actorOf, requireRole } from '../lib/session';
import { svc } from '../lib/svc';
import * as cart from '../services/cart';

export const cartRoutes = new Hono<AppEnv>()
  .post('/addToCart', requireRole('user'), input(addToCartRequest), async (c) => {
    const actor = actorOf(c);
    const data = await cart.addToCart(svc(c), { userId: actor.userId, email: actor.email }, c.req.valid('json'));
    return c.json({ data });
  })
  .post('/getCartDetails', requireRole('user'), input(emptyBody), async (c) => {
    return c.json({ data: await cart.getCartDetails(svc(c), actorOf(c).userId) });
  })
  .post('/deleteCart', requireRole('user'), input(emptyBody), async (c) => {
    const s = svc(c);
    const [first, second] = cart.deleteCartStatements(s, actorOf(c).userId);
    await s.db.batch([first, second]);
    return c.json({ data: { deleted: true } });
  });
