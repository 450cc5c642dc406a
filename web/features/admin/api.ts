// The admin console's calls, with the field names of SPEC.md section 7.
import type {
  AdminOrder,
  AdminProduct,
  AdminSettings,
  AttentionOrder,
  AuditRow,
  Overview,
  StaffMember,
  UnitTotals,
} from '../../../core/contracts/admin';
import { api } from '../../lib/api-client';

type Message = { message: string };

export const CURSOR_START = 1e18;
export const PAGE_SIZE = 50;

export type OrderListKind = 'success' | 'notCollected' | 'collected';
const LIST_PATH: Record<OrderListKind, string> = {
  success: 'getSuccessOrders',
  notCollected: 'getDPKPNotCollectedOrder',
  collected: 'getDPKPCollectedOrder',
};

/** The old client sets both fields to the one entered text. */
export const searchUserOrder = (text: string) =>
  api<AdminOrder[]>('searchUserOrder', { emailId: text.trim(), mobileNo: text.trim() });

export const markCouponCollected = (o: AdminOrder) =>
  api<Message & { collectedAt: number }>('markCouponCollected', {
    userName: o.userName,
    userEmail: o.userEmail,
    orderRcptId: o.orderRcptId,
    nonce: `adm-${crypto.randomUUID()}`,
  });

export const getPendingOrders = () => api<AdminOrder[]>('getPendingOrders');
export const getAttentionOrders = () => api<AttentionOrder[]>('getAttentionOrders');
export const clearAttention = (orderPkId: number, note: string) =>
  api<Message>('clearAttention', { orderPkId, ...(note.trim() ? { note: note.trim() } : {}) });
export const approveOfflineOrder = (o: AdminOrder) =>
  api<Message>('approveOfflineOrder', { offlineUserId: o.offlineUserId, orderPkId: o.orderPkId });
export const rejectOfflineOrder = (o: AdminOrder, reason: string) =>
  api<Message>('rejectOfflineOrder', {
    offlineUserId: o.offlineUserId,
    orderPkId: o.orderPkId,
    ...(reason.trim() ? { reason: reason.trim() } : {}),
  });

export const getOrderPage = (kind: OrderListKind, orderTSCursor: number) =>
  api<AdminOrder[]>(LIST_PATH[kind], { orderTSCursor });
export const getCollectionTotals = (collected: boolean) => api<UnitTotals>('getCollectionTotals', { collected });

export const getUnGropedProducts = () => api<AdminProduct[]>('getUnGropedProducts');
export const markProductAvailable = (id: number, available: boolean) =>
  api<Message>('markProductAvailable', { id, available });
export const markProductFullSponsor = (id: number, fullSponsorOnly: boolean) =>
  api<Message>('markProductFullSponsor', { id, fullSponsorOnly });
export const addProduct = (body: {
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
  /** issue 16: the Bengali name and description, optional */
  nameBn?: string;
  descBn?: string;
}) =>
  api<Message>('addProduct', {
    ...body,
    desc: body.desc?.trim() || undefined,
    nameBn: body.nameBn?.trim() || undefined,
    descBn: body.descBn?.trim() || undefined,
  });
/** All Products: the Bengali name and description of a product (issue 16); empty clears them. */
export const setProductBengali = (id: number, nameBn: string, descBn: string) =>
  api<Message>('setProductBengali', { id, nameBn: nameBn.trim(), descBn: descBn.trim() });
export const blockProduct = (id: number, blockedByName: string, blockedByEmail: string) =>
  api<Message>('blockProduct', { id, blockedByName: blockedByName.trim(), blockedByEmail: blockedByEmail.trim() });
export const unblockProduct = (id: number) => api<Message>('unblockProduct', { id });

export const getAdminSettings = () => api<AdminSettings>('getAdminSettings');
export const updateSettings = (body: Partial<AdminSettings>) => api<AdminSettings & Message>('updateSettings', body);
export const getStaff = () => api<StaffMember[]>('getStaff');
export const setUserRole = (email: string, role: 'admin' | 'volunteer', granted: boolean) =>
  api<Message>('setUserRole', { email: email.trim(), role, granted });

export const getOverview = (fiscalYear?: string) => api<Overview>('getOverview', fiscalYear ? { fiscalYear } : {});
export type AuditFilter = {
  action?: string;
  entityType?: string;
  entityId?: string;
  actorEmail?: string;
  from?: number;
  to?: number;
  cursor?: number;
};
export const getAuditLog = (f: AuditFilter) => api<{ rows: AuditRow[]; nextCursor: number | null }>('getAuditLog', f);
