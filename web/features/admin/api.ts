// The admin console's calls, with the field names of SPEC.md section 7.
import type { RejectReason } from '../../../core/contracts/admin';
import type { CallBody } from '../../lib/calls';
import type { OrderView } from '../../../core/contracts/orders';
import { api } from '../../lib/api-client';

export const CURSOR_START = 1e18;
export const PAGE_SIZE = 50;

export type OrderListKind = 'success' | 'notCollected' | 'collected';
const LIST_PATH = {
  success: 'getSuccessOrders',
  notCollected: 'getDPKPNotCollectedOrder',
  collected: 'getDPKPCollectedOrder',
} as const satisfies Record<OrderListKind, string>;

/** The old client sets both fields to the one entered text. */
export const searchUserOrder = (text: string) =>
  api('searchUserOrder', { emailId: text.trim(), mobileNo: text.trim() });

export const markCouponCollected = (o: OrderView) =>
  api('markCouponCollected', {
    userName: o.userName,
    userEmail: o.userEmail,
    orderRcptId: o.orderRcptId,
    nonce: `adm-${crypto.randomUUID()}`,
  });

export const getPendingOrders = () => api('getPendingOrders');
export const getConsoleCounts = () => api('getConsoleCounts');
export const getAttentionOrders = () => api('getAttentionOrders');
export const clearAttention = (orderPkId: number, note: string) =>
  api('clearAttention', { orderPkId, ...(note.trim() ? { note: note.trim() } : {}) });
export const approveOfflineOrder = (o: OrderView) =>
  api('approveOfflineOrder', { offlineUserId: o.offlineUserId, orderPkId: o.orderPkId });
/** The admin screen always sends a stock reason; `reason` holds the words of 'other' (docs/decisions/141). */
export const rejectOfflineOrder = (o: OrderView, reasonCode: RejectReason, reason: string) =>
  api('rejectOfflineOrder', {
    offlineUserId: o.offlineUserId,
    orderPkId: o.orderPkId,
    reasonCode,
    ...(reason.trim() ? { reason: reason.trim() } : {}),
  });
export const getStatementCredits = () => api('getStatementCredits');
export const clearStatementFlag = (lineId: number) => api('clearStatementFlag', { lineId });
// a bank statement's import: its column mapping, its credits sent in parts, the import read again, its matches approved
export const getStatementMapping = () => api('getStatementMapping');
export const importStatement = (body: CallBody<'importStatement'>) => api('importStatement', body);
export const getStatementImport = (importId: number) => api('getStatementImport', { importId });
export const approveStatementMatches = (importId: number) => api('approveStatementMatches', { importId });

export const getOrderPage = (kind: OrderListKind, orderTSCursor: number) => api(LIST_PATH[kind], { orderTSCursor });
export const getCollectionTotals = (collected: boolean) => api('getCollectionTotals', { collected });

export const getUnGropedProducts = () => api('getUnGropedProducts');
// capacity and waiting lists
export const setProductCapacity = (id: number, capacity: number | null) => api('setProductCapacity', { id, capacity });
export const setProductWaitlist = (id: number, waitlist: boolean) => api('setProductWaitlist', { id, waitlist });
export const getWaitlist = (productId: number) => api('getWaitlist', { productId });
export const removeFromWaitlist = (productId: number, entryId: number) =>
  api('removeFromWaitlist', { productId, entryId });
export const markProductAvailable = (id: number, available: boolean) => api('markProductAvailable', { id, available });
export const markProductFullSponsor = (id: number, fullSponsorOnly: boolean) =>
  api('markProductFullSponsor', { id, fullSponsorOnly });
export type AddProductForm = {
  code: string;
  name: string;
  price: string;
  coSponsorPrice: string;
  membership: boolean;
  sponsorship: boolean;
  dailyMembership: boolean;
  fullSponsorOnly: boolean;
  /** the description members read on the product's card */
  desc?: string;
  /** the Bengali name and description, optional */
  nameBn?: string;
  descBn?: string;
  /** a later festival year's catalogue (a draft there); absent = the catalogue on sale */
  festivalYear?: string;
  /** created capped (units); absent = unlimited; the waiting list on from the start */
  capacity?: number;
  waitlist?: boolean;
};
/** The Add Product form as the call takes it (and as the form checks it with the contract first). */
export const addProductBody = (body: AddProductForm) => ({
  ...body,
  desc: body.desc?.trim() || undefined,
  nameBn: body.nameBn?.trim() || undefined,
  descBn: body.descBn?.trim() || undefined,
});
export const addProduct = (body: AddProductForm) => api('addProduct', addProductBody(body));
/** All Products: the Bengali name and description of a product; empty clears them. */
export const setProductBengali = (id: number, nameBn: string, descBn: string) =>
  api('setProductBengali', { id, nameBn: nameBn.trim(), descBn: descBn.trim() });
export const blockProduct = (id: number, blockedByName: string, blockedByEmail: string) =>
  api('blockProduct', { id, blockedByName: blockedByName.trim(), blockedByEmail: blockedByEmail.trim() });
export const unblockProduct = (id: number) => api('unblockProduct', { id });
/** Edit a product; prepare next year's catalogue; publish a year's drafts. */
export const updateProduct = (body: CallBody<'updateProduct'>) => api('updateProduct', body);
export const prepareNextCatalogue = () => api('prepareNextCatalogue');
export const publishCatalogue = (body: CallBody<'publishCatalogue'>) => api('publishCatalogue', body);

export const getAdminSettings = () => api('getAdminSettings');
export const updateSettings = (body: CallBody<'updateSettings'>) => api('updateSettings', body);
export const getStaff = () => api('getStaff');
export const setUserRole = (email: string, role: 'admin' | 'volunteer', granted: boolean) =>
  api('setUserRole', { email: email.trim(), role, granted });

export const getOverview = (fiscalYear?: string) => api('getOverview', fiscalYear ? { fiscalYear } : {});
export const getReceiptRegister = (fiscalYear: string) => api('getReceiptRegister', { fiscalYear });
/** the payer gets the receipt's link again */
export const resendReceipt = (orderPkId: number) => api('resendReceipt', { orderPkId });
export type AuditFilter = CallBody<'getAuditLog'>;
export const getAuditLog = (f: AuditFilter) => api('getAuditLog', f);
