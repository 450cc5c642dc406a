// The calls of the checkout screens (SPEC.md section 7).
import type { CallBody } from '../../lib/calls';
import { api, PAYMENT_TIMEOUT_MS } from '../../lib/api-client';
import { localStore } from '../../lib/local-store';

export const getOrders = () => api('getOrders');
export const deleteCart = () => api('deleteCart');
export const getUserExtraInfo = () => api('getUserExtraInfo');
export const saveUserExtraInfo = (info: CallBody<'saveUserExtraInfo'>) => api('saveUserExtraInfo', info);
// the calls that wait on Razorpay may take longer than others before they are given up (docs/decisions/150)
const slow = { timeoutMs: PAYMENT_TIMEOUT_MS };
/** the optional billing details for the receipt travel with the order's start */
export type Billing = { billingName: string | null; pan: string | null; gstin: string | null };
export const startOnlineOrder = (billing: Billing) => api('startOrder', { offline: false, ...billing }, slow);
export const startOfflineOrder = (billing: Billing) => api('startOrder', { offline: true, ...billing });
export const handleSuccessOrder = (r: { orderId: string; razorpayPaymentId: string; razorpaySignature: string }) =>
  api(
    'handleSuccessOrder',
    {
      isOffline: false,
      ...r,
    },
    slow,
  );
export const handleFailOrder = (orderId: string, razorpayPaymentId: string | null) =>
  api('handleFailOrder', { orderId, razorpayPaymentId }, slow);

/** The local cart keys of SPEC.md section 3. */
export async function clearLocalCart() {
  await Promise.all([localStore.del('selectedPrds'), localStore.del('totalCartPrice')]).catch(() => {});
}
