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
import { call } from '../lib/call';
import { actorOf } from '../lib/session';
import { svc } from '../lib/svc';
import * as capacity from '../services/catalogue/capacity-admin';
import * as waitlist from '../services/catalogue/waitlist';

export const capacityRoutes = new Hono<AppEnv>()
  .post('/setProductCapacity', ...call({ role: 'admin', body: setProductCapacityRequest }), async (c) => {
    return c.json({ data: await capacity.setProductCapacity(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/setProductWaitlist', ...call({ role: 'admin', body: setProductWaitlistRequest }), async (c) => {
    return c.json({ data: await capacity.setProductWaitlist(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getWaitlist', ...call({ role: 'admin', body: waitlistRequest }), async (c) => {
    return c.json({ data: await waitlist.adminWaitlist(svc(c), c.req.valid('json')) });
  })
  .post('/removeFromWaitlist', ...call({ role: 'admin', body: removeFromWaitlistRequest }), async (c) => {
    return c.json({ data: await waitlist.removeFromWaitlist(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/joinWaitlist', ...call({ role: 'user', body: joinWaitlistRequest }), async (c) => {
    return c.json({ data: await waitlist.joinWaitlist(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/leaveWaitlist', ...call({ role: 'user', body: leaveWaitlistRequest }), async (c) => {
    return c.json({ data: await waitlist.leaveWaitlist(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getMyWaitlist', ...call({ role: 'user', body: emptyBody }), async (c) => {
    return c.json({ data: await waitlist.myWaitlist(svc(c), actorOf(c)) });
  })
  .post('/acceptWaitlistOffer', ...call({ role: 'user', body: acceptWaitlistOfferRequest }), async (c) => {
    return c.json({ data: await waitlist.acceptOffer(svc(c), actorOf(c), c.req.valid('json')) });
  });
