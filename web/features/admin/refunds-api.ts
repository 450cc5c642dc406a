// The refund calls of the admin console (issue 13). The amount is computed by the server; the dialog shows
// the same number from the shared rule (core/refunds.ts) before the admin confirms.
import type { CallBody } from '../../../core/contracts/calls';
import { api } from '../../lib/api-client';

export const getOrderRefunds = (orderPkId: number) => api('getOrderRefunds', { orderPkId });

export const refundOrder = (body: CallBody<'refundOrder'>) => api('refundOrder', body);

export const carryOverOrder = (body: CallBody<'carryOverOrder'>) => api('carryOverOrder', body);

export const retryRefund = (body: CallBody<'retryRefund'>) => api('retryRefund', body);

export const recordManualRefund = (body: CallBody<'recordManualRefund'>) => api('recordManualRefund', body);
