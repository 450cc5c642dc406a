// The receipt page's calls (SPEC.md section 7; docs/decisions/263).
import type { CallBody } from '../../lib/calls';
import { api } from '../../lib/api-client';

export const getReceipt = (orderRcptId: string) => api('getReceipt', { orderRcptId });
/** a walk-in's receipt, opened by the key of the link in its email (docs/decisions/280) */
export const getReceiptByLink = (orderRcptId: string, key: string) => api('getReceiptByLink', { orderRcptId, key });
/** the billing details the member adds later; empty fields are sent as null */
export const setReceiptBilling = (body: CallBody<'setReceiptBilling'>) => api('setReceiptBilling', body);
