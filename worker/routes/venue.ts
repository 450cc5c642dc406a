import { Hono } from 'hono/tiny';
import {
  collectionConflictsRequest,
  markCouponCollectedRequest,
  undoCollectionRequest,
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

/**
 * Venue pass collection: admins and volunteers ('staff'); the conflicts list is for admins. The reads beside the
 * session lookup (READS_BESIDE_SESSION) get the pending actor, actorReady(c), which shapes their answer by role.
 */
export const venueRoutes = new Hono<AppEnv>()
  .post('/markCouponCollected', requireRole('staff'), input(markCouponCollectedRequest), async (c) => {
    return c.json({ data: await collection.markCollected(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/uploadCollections', requireRole('staff'), input(uploadCollectionsRequest), async (c) => {
    return c.json({ data: await collection.uploadCollections(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/undoCollection', requireRole('staff'), input(undoCollectionRequest), async (c) => {
    return c.json({ data: await collection.undoCollection(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getVenuePasses', requireRole('staff'), input(venueSyncRequest), async (c) => {
    return c.json({ data: await venue.syncPasses(svc(c), actorReady(c), c.req.valid('json')) });
  })
  .post('/searchVenuePasses', requireRole('staff'), input(venueSearchRequest), async (c) => {
    return c.json({ data: await venue.searchPasses(svc(c), actorReady(c), c.req.valid('json')) });
  })
  .post('/getCollectionConflicts', requireRole('admin'), input(collectionConflictsRequest), async (c) => {
    return c.json({ data: await venue.listConflicts(svc(c), c.req.valid('json')) });
  });
