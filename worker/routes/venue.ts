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
import { call } from '../lib/call';
import { actorOf, actorReady } from '../lib/session';
import { svc } from '../lib/svc';
import * as collection from '../services/venue/collection';
import * as venue from '../services/venue/venue-read';

/**
 * Venue pass collection: admins and volunteers ('staff'); the conflicts list is for admins. The reads beside the
 * session lookup (session: 'beside') get the pending actor, actorReady(c), which shapes their answer by role.
 */
export const venueRoutes = new Hono<AppEnv>()
  .post('/markCouponCollected', ...call({ role: 'staff', body: markCouponCollectedRequest }), async (c) => {
    return c.json({ data: await collection.markCollected(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/uploadCollections', ...call({ role: 'staff', body: uploadCollectionsRequest }), async (c) => {
    return c.json({ data: await collection.uploadCollections(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/undoCollection', ...call({ role: 'staff', body: undoCollectionRequest }), async (c) => {
    return c.json({ data: await collection.undoCollection(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getVenuePasses', ...call({ role: 'staff', session: 'beside', body: venueSyncRequest }), async (c) => {
    return c.json({ data: await venue.syncPasses(svc(c), actorReady(c), c.req.valid('json')) });
  })
  .post('/searchVenuePasses', ...call({ role: 'staff', session: 'beside', body: venueSearchRequest }), async (c) => {
    return c.json({ data: await venue.searchPasses(svc(c), actorReady(c), c.req.valid('json')) });
  })
  .post(
    '/getCollectionConflicts',
    ...call({ role: 'admin', session: 'beside', body: collectionConflictsRequest }),
    async (c) => {
      return c.json({ data: await venue.listConflicts(svc(c), c.req.valid('json')) });
    },
  );
