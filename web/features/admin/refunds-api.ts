// The refund calls of the admin console (issue 13). The amount is computed by the server; the dialog shows
// the same number from the shared rule (core/refunds.ts) before the admin confirms.
import type { OrderRefunds, RefundResult } from '../../../core/contracts/refunds';
import { api } from '../../lib/api-client';

export const getOrderRefunds = (orderPkId: number) => api<OrderRefunds>('getOrderRefunds', { orderPkId });

export const refundOrder = (body: {
  orderPkId: number;
  lines: { lineId: number; qty: number }[];
  reason: string;
  reference?: string;
  requestKey: string;
}) => api<RefundResult>('refundOrder', body);

export const carryOverOrder = (body: { orderPkId: number; reason: string; requestKey: string }) =>
  api<RefundResult>('carryOverOrder', body);
