import { Hono } from 'hono';
import {
  collectionConflictsRequest,
  markCouponCollectedRequest,
  uploadCollectionsRequest,
  venueSearchRequest,
  venueSyncRequest,
} from '../../core/contracts/venue';
import type { AppEnv } from '../env';
import { input } from '../lib/input';
import { actorOf, actorReady, requireRole } from '../lib/session';
import { svc } from '../lib/svc';
import * as collection from '../services/collection';
import * as venue from '../services/venue-read';

/** Venue pass collection: admins and volunteers ('staff'); the conflicts list is for admins. */
export const venueRoutes = new Hono<AppEnv>()
  .post('/markCouponCollected', requireRole('staff'), input(markCouponCollectedRequest), async (c) => {
    const done = await collection.markCollected(svc(c), actorOf(c), c.req.valid('json'));
    return c.json({ data: { ...done, pass: venue.forDesk(done.pass, actorOf(c).isAdmin) } });
  })
  .post('/uploadCollections', requireRole('staff'), input(uploadCollectionsRequest), async (c) => {
    return c.json({ data: await collection.uploadCollections(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getVenuePasses', requireRole('staff'), input(venueSyncRequest), async (c) => {
    const page = await venue.syncPasses(svc(c).db, c.req.valid('json'));
    const { isAdmin } = await actorReady(c);
    return c.json({ data: { ...page, rows: page.rows.map((p) => venue.forDesk(p, isAdmin)) } });
  })
  .post('/searchVenuePasses', requireRole('staff'), input(venueSearchRequest), async (c) => {
    const found = await venue.searchPasses(svc(c).db, c.req.valid('json').q);
    const { isAdmin } = await actorReady(c);
    return c.json({ data: found.map((p) => venue.forDesk(p, isAdmin)) });
  })
  .post('/getCollectionConflicts', requireRole('admin'), input(collectionConflictsRequest), async (c) => {
    return c.json({ data: await venue.listConflicts(svc(c).db, c.req.valid('json').fiscalYear) });
  });
