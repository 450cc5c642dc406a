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
import { input } from '../lib/input';
import { actorOf, actorReady, requireRole } from '../lib/session';
import { svc } from '../lib/svc';
import * as catalogue from '../services/admin-catalogue';
import * as orders from '../services/admin-orders';
import * as system from '../services/admin-system';
import { approveOfflineOrder, rejectOfflineOrder } from '../services/admin-verify';

export const adminRoutes = new Hono<AppEnv>()
  // ---- Pass Collection (admins and volunteers) ----
  .post('/searchUserOrder', requireRole('staff'), input(searchUserOrderRequest), async (c) => {
    return c.json({ data: await orders.searchUserOrder(svc(c), actorReady(c), c.req.valid('json')) });
  })
  .post('/getStaffOrderDetails', requireRole('staff'), input(orderDetailsRequest), async (c) => {
    return c.json({ data: await orders.staffOrderDetails(svc(c), actorReady(c), c.req.valid('json')) });
  })
  // ---- verification of direct transfers ----
  .post('/getPendingOrders', requireRole('admin'), input(emptyBody), async (c) => {
    return c.json({ data: await orders.getPendingOrders(svc(c)) });
  })
  // orders flagged for an admin: a late capture whose item or member price went to another order
  .post('/getAttentionOrders', requireRole('admin'), input(emptyBody), async (c) => {
    return c.json({ data: await orders.getAttentionOrders(svc(c)) });
  })
  .post('/clearAttention', requireRole('admin'), input(clearAttentionRequest), async (c) => {
    return c.json({ data: await orders.clearAttention(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/approveOfflineOrder', requireRole('admin'), input(offlineOrderRequest), async (c) => {
    return c.json({ data: await approveOfflineOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/rejectOfflineOrder', requireRole('admin'), input(rejectOfflineOrderRequest), async (c) => {
    return c.json({ data: await rejectOfflineOrder(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // ---- order lists, paged on orderTSCursor; `data` is the page (old clients append it) ----
  .post('/getSuccessOrders', requireRole('admin'), input(cursorRequest), async (c) => {
    const page = await orders.getSuccessOrders(svc(c), c.req.valid('json'));
    return c.json({ data: page.orders, nextCursor: page.nextCursor, hasMore: page.hasMore });
  })
  // the collection lists and totals look the session up in their own batch (SESSION_IN_BATCH, decision 111)
  .post('/getDPKPNotCollectedOrder', requireRole('admin'), input(cursorRequest), async (c) => {
    const { page, totals } = await orders.collectionPage(svc(c), { ...c.req.valid('json'), collected: false });
    return c.json({ data: page.orders, nextCursor: page.nextCursor, hasMore: page.hasMore, totals });
  })
  .post('/getDPKPCollectedOrder', requireRole('admin'), input(cursorRequest), async (c) => {
    const { page, totals } = await orders.collectionPage(svc(c), { ...c.req.valid('json'), collected: true });
    return c.json({ data: page.orders, nextCursor: page.nextCursor, hasMore: page.hasMore, totals });
  })
  .post('/getCollectionTotals', requireRole('admin'), input(collectionTotalsRequest), async (c) => {
    return c.json({ data: await orders.collectionTotals(svc(c), c.req.valid('json')) });
  })
  // ---- catalogue ----
  .post('/getUnGropedProducts', requireRole('admin'), input(emptyBody), async (c) => {
    return c.json({ data: await catalogue.listProducts(svc(c)) });
  })
  .post('/markProductAvailable', requireRole('admin'), input(markProductAvailableRequest), async (c) => {
    return c.json({ data: await catalogue.markAvailable(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/markProductFullSponsor', requireRole('admin'), input(markProductFullSponsorRequest), async (c) => {
    return c.json({ data: await catalogue.markFullSponsor(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/setProductBengali', requireRole('admin'), input(setProductBengaliRequest), async (c) => {
    return c.json({ data: await catalogue.setBengaliTexts(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/addProduct', requireRole('admin'), input(addProductRequest), async (c) => {
    return c.json({ data: await catalogue.addProduct(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // edit a product; the festival-year rollover (docs/decisions/240, 241)
  .post('/updateProduct', requireRole('admin'), input(updateProductRequest), async (c) => {
    return c.json({ data: await catalogue.updateProduct(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/prepareNextCatalogue', requireRole('admin'), input(emptyBody), async (c) => {
    return c.json({ data: await catalogue.prepareNextCatalogue(svc(c), actorOf(c)) });
  })
  .post('/publishCatalogue', requireRole('admin'), input(publishCatalogueRequest), async (c) => {
    return c.json({ data: await catalogue.publishCatalogue(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/blockProduct', requireRole('admin'), input(blockProductRequest), async (c) => {
    return c.json({ data: await catalogue.blockProduct(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/unblockProduct', requireRole('admin'), input(unblockProductRequest), async (c) => {
    return c.json({ data: await catalogue.unblockProduct(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // ---- settings and roles ----
  .post('/getAdminSettings', requireRole('admin'), input(emptyBody), async (c) => {
    return c.json({ data: await system.readSettings(svc(c)) });
  })
  .post('/updateSettings', requireRole('admin'), input(updateSettingsRequest), async (c) => {
    return c.json({ data: await system.updateSettings(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getStaff', requireRole('admin'), input(emptyBody), async (c) => {
    return c.json({ data: await system.listStaff(svc(c)) });
  })
  .post('/setUserRole', requireRole('admin'), input(setUserRoleRequest), async (c) => {
    return c.json({ data: await system.setUserRole(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // ---- overview and audit; the overview looks the session up in its own batch (SESSION_IN_BATCH) ----
  .post('/getOverview', requireRole('admin'), input(overviewRequest), async (c) => {
    return c.json({ data: await system.overview(svc(c), c.req.valid('json')) });
  })
  .post('/getConsoleCounts', requireRole('admin'), input(emptyBody), async (c) => {
    return c.json({ data: await system.consoleCounts(svc(c)) });
  })
  .post('/getAuditLog', requireRole('admin'), input(auditLogRequest), async (c) => {
    return c.json({ data: await system.readAuditLog(svc(c), c.req.valid('json')) });
  });
