// Capacity and waiting lists: the admins' settings and view of a product's line, the
// members' places. requireRole runs before input(): without the role a caller learns nothing.
import { Hono } from 'hono/tiny';
import {
  acceptWaitlistOfferRequest,
  joinWaitlistRequest,
  leaveWaitlistRequest,
  removeFromWaitlistRequest,
  setProductCapacityRequest,
  setProductWaitlistRequest,
  waitlistRequest,
} from '../../core/contracts/capacity';
import { emptyBody } from '../../core/contracts/common';
import type { AppEnv } from '../env';
import { input } from '../lib/input';
import { actorOf, requireRole } from '../lib/session';
import { svc } from '../lib/svc';
import * as capacity from '../services/capacity-admin';
import * as waitlist from '../services/waitlist';

export const capacityRoutes = new Hono<AppEnv>()
  .post('/setProductCapacity', requireRole('admin'), input(setProductCapacityRequest), async (c) => {
    return c.json({ data: await capacity.setProductCapacity(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/setProductWaitlist', requireRole('admin'), input(setProductWaitlistRequest), async (c) => {
    return c.json({ data: await capacity.setProductWaitlist(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getWaitlist', requireRole('admin'), input(waitlistRequest), async (c) => {
    return c.json({ data: await waitlist.adminWaitlist(svc(c), c.req.valid('json')) });
  })
  .post('/removeFromWaitlist', requireRole('admin'), input(removeFromWaitlistRequest), async (c) => {
    return c.json({ data: await waitlist.removeFromWaitlist(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/joinWaitlist', requireRole('user'), input(joinWaitlistRequest), async (c) => {
    return c.json({ data: await waitlist.joinWaitlist(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/leaveWaitlist', requireRole('user'), input(leaveWaitlistRequest), async (c) => {
    return c.json({ data: await waitlist.leaveWaitlist(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getMyWaitlist', requireRole('user'), input(emptyBody), async (c) => {
    return c.json({ data: await waitlist.myWaitlist(svc(c), actorOf(c)) });
  })
  .post('/acceptWaitlistOffer', requireRole('user'), input(acceptWaitlistOfferRequest), async (c) => {
    return c.json({ data: await waitlist.acceptOffer(svc(c), actorOf(c), c.req.valid('json')) });
  });
