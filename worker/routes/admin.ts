// The admin console's calls. requireRole runs before input(): without the role a caller learns nothing.
// Volunteers ('staff') reach only Pass Collection: /searchUserOrder and /getStaffOrderDetails.
import { Hono } from 'hono/tiny';
import {
  addProductRequest,
  auditLogRequest,
  blockProductRequest,
  clearAttentionRequest,
  collectionTotalsRequest,
  cursorRequest,
  markProductAvailableRequest,
  markProductFullSponsorRequest,
  offlineOrderRequest,
  orderDetailsRequest,
  overviewRequest,
  publishCatalogueRequest,
  rejectOfflineOrderRequest,
  searchUserOrderRequest,
  setProductBengaliRequest,
  setUserRoleRequest,
  unblockProductRequest,
  updateProductRequest,
  updateSettingsRequest,
} from '../../core/contracts/admin';
import { emptyBody } from '../../core/contracts/common';
import type { AppEnv } from '../env';
import { call } from '../lib/call';
import { actorOf, actorReady } from '../lib/session';
import { svc } from '../lib/svc';
import * as catalogue from '../services/catalogue/admin-catalogue';
import * as orders from '../services/admin/admin-orders';
import * as system from '../services/admin/admin-system';
import { approveOfflineOrder, rejectOfflineOrder } from '../services/admin/admin-verify';

export const adminRoutes = new Hono<AppEnv>()
  // ---- Pass Collection (admins and volunteers) ----
  .post('/searchUserOrder', ...call({ role: 'staff', session: 'beside', body: searchUserOrderRequest }), async (c) => {
    return c.json({ data: await orders.searchUserOrder(svc(c), actorReady(c), c.req.valid('json')) });
  })
  .post(
    '/getStaffOrderDetails',
    ...call({ role: 'staff', session: 'beside', body: orderDetailsRequest }),
    async (c) => {
      return c.json({ data: await orders.staffOrderDetails(svc(c), actorReady(c), c.req.valid('json')) });
    },
  )
  // ---- verification of direct transfers ----
  .post(
    '/getPendingOrders',
    ...call({ role: 'admin', session: 'beside', replica: true, body: emptyBody }),
    async (c) => {
      return c.json({ data: await orders.getPendingOrders(svc(c)) });
    },
  )
  // orders flagged for an admin: a late capture whose item or member price went to another order
  .post('/getAttentionOrders', ...call({ role: 'admin', session: 'beside', body: emptyBody }), async (c) => {
    return c.json({ data: await orders.getAttentionOrders(svc(c)) });
  })
  .post('/clearAttention', ...call({ role: 'admin', body: clearAttentionRequest }), async (c) => {
    return c.json({ data: await orders.clearAttention(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/approveOfflineOrder', ...call({ role: 'admin', body: offlineOrderRequest }), async (c) => {
    return c.json({ data: await approveOfflineOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/rejectOfflineOrder', ...call({ role: 'admin', body: rejectOfflineOrderRequest }), async (c) => {
    return c.json({ data: await rejectOfflineOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // ---- order lists, paged on orderTSCursor; `data` is the page (old clients append it) ----
  .post(
    '/getSuccessOrders',
    ...call({ role: 'admin', session: 'beside', replica: true, body: cursorRequest }),
    async (c) => {
      const page = await orders.getSuccessOrders(svc(c), c.req.valid('json'));
      return c.json({ data: page.orders, nextCursor: page.nextCursor, hasMore: page.hasMore });
    },
  )
  // the collection lists and totals look the session up in their own batch (session: 'batch', decision 111)
  .post(
    '/getDPKPNotCollectedOrder',
    ...call({ role: 'admin', session: 'batch', replica: true, body: cursorRequest }),
    async (c) => {
      const { page, totals } = await orders.collectionPage(svc(c), { ...c.req.valid('json'), collected: false });
      return c.json({ data: page.orders, nextCursor: page.nextCursor, hasMore: page.hasMore, totals });
    },
  )
  .post(
    '/getDPKPCollectedOrder',
    ...call({ role: 'admin', session: 'batch', replica: true, body: cursorRequest }),
    async (c) => {
      const { page, totals } = await orders.collectionPage(svc(c), { ...c.req.valid('json'), collected: true });
      return c.json({ data: page.orders, nextCursor: page.nextCursor, hasMore: page.hasMore, totals });
    },
  )
  .post(
    '/getCollectionTotals',
    ...call({ role: 'admin', session: 'batch', replica: true, body: collectionTotalsRequest }),
    async (c) => {
      return c.json({ data: await orders.collectionTotals(svc(c), c.req.valid('json')) });
    },
  )
  // ---- catalogue ----
  .post(
    '/getUnGropedProducts',
    ...call({ role: 'admin', session: 'beside', replica: true, body: emptyBody }),
    async (c) => {
      return c.json({ data: await catalogue.listProducts(svc(c)) });
    },
  )
  .post('/markProductAvailable', ...call({ role: 'admin', body: markProductAvailableRequest }), async (c) => {
    return c.json({ data: await catalogue.markAvailable(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/markProductFullSponsor', ...call({ role: 'admin', body: markProductFullSponsorRequest }), async (c) => {
    return c.json({ data: await catalogue.markFullSponsor(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/setProductBengali', ...call({ role: 'admin', body: setProductBengaliRequest }), async (c) => {
    return c.json({ data: await catalogue.setBengaliTexts(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/addProduct', ...call({ role: 'admin', body: addProductRequest }), async (c) => {
    return c.json({ data: await catalogue.addProduct(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // edit a product; the festival-year rollover (docs/decisions/240, 241)
  .post('/updateProduct', ...call({ role: 'admin', body: updateProductRequest }), async (c) => {
    return c.json({ data: await catalogue.updateProduct(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/prepareNextCatalogue', ...call({ role: 'admin', body: emptyBody }), async (c) => {
    return c.json({ data: await catalogue.prepareNextCatalogue(svc(c), actorOf(c)) });
  })
  .post('/publishCatalogue', ...call({ role: 'admin', body: publishCatalogueRequest }), async (c) => {
    return c.json({ data: await catalogue.publishCatalogue(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/blockProduct', ...call({ role: 'admin', body: blockProductRequest }), async (c) => {
    return c.json({ data: await catalogue.blockProduct(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/unblockProduct', ...call({ role: 'admin', body: unblockProductRequest }), async (c) => {
    return c.json({ data: await catalogue.unblockProduct(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // ---- settings and roles ----
  .post(
    '/getAdminSettings',
    ...call({ role: 'admin', session: 'beside', replica: true, body: emptyBody }),
    async (c) => {
      return c.json({ data: await system.readSettings(svc(c)) });
    },
  )
  .post('/updateSettings', ...call({ role: 'admin', body: updateSettingsRequest }), async (c) => {
    return c.json({ data: await system.updateSettings(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getStaff', ...call({ role: 'admin', session: 'beside', replica: true, body: emptyBody }), async (c) => {
    return c.json({ data: await system.listStaff(svc(c)) });
  })
  .post('/setUserRole', ...call({ role: 'admin', body: setUserRoleRequest }), async (c) => {
    return c.json({ data: await system.setUserRole(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // ---- overview and audit; the overview looks the session up in its own batch (session: 'batch') ----
  .post(
    '/getOverview',
    ...call({ role: 'admin', session: 'batch', replica: true, body: overviewRequest }),
    async (c) => {
      return c.json({ data: await system.overview(svc(c), c.req.valid('json')) });
    },
  )
  .post('/getConsoleCounts', ...call({ role: 'admin', session: 'batch', body: emptyBody }), async (c) => {
    return c.json({ data: await system.consoleCounts(svc(c)) });
  })
  .post(
    '/getAuditLog',
    ...call({ role: 'admin', session: 'beside', replica: true, body: auditLogRequest }),
    async (c) => {
      return c.json({ data: await system.readAuditLog(svc(c), c.req.valid('json')) });
    },
  );
