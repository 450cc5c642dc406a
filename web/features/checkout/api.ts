// The calls of the checkout screens (SPEC.md section 7).
import type { CartDetails } from '../../../core/contracts/cart';
import type {
  BankDetailsView,
  OfflineStartOrder,
  OnlineStartOrder,
  UserExtraInfo,
} from '../../../core/contracts/checkout';
import { api } from '../../lib/api-client';
import { localStore } from '../../lib/local-store';

export const getCartDetails = () => api<CartDetails>('getCartDetails');
/** Puts a selection back into the server cart (after a failed attempt the order had used it up). */
export const addToCart = (productQtys: Record<string, { qty: number; price: number; code: string }>) =>
  api<CartDetails>('addToCart', { productQtys });
export const getOrders = () =>
  api<
    {
      orderRcptId: string;
      status: string;
      paymentType: 'Online' | 'Offline';
      kind: 'CONTRIBUTION' | 'DAILY_PASS';
      orderTotal: number;
    }[]
  >('getOrders');
export const deleteCart = () => api<unknown>('deleteCart');
export const getUserExtraInfo = () => api<UserExtraInfo>('getUserExtraInfo');
export const saveUserExtraInfo = (info: UserExtraInfo) => api<UserExtraInfo>('saveUserExtraInfo', info);
export const getPaymentOptions = () =>
  api<{ bank: BankDetailsView; convenienceChargeBasisPoints: number }>('getPaymentOptions');
export const startOnlineOrder = () => api<OnlineStartOrder>('startOrder', { offline: false });
export const startOfflineOrder = () => api<OfflineStartOrder>('startOrder', { offline: true });
export const handleSuccessOrder = (r: { orderId: string; razorpayPaymentId: string; razorpaySignature: string }) =>
  api<{ message: string; status: string; order?: { passCode: string | null } }>('handleSuccessOrder', {
    isOffline: false,
    ...r,
  });
export const handleFailOrder = (orderId: string, razorpayPaymentId: string | null) =>
  api<{ orderRcptId: string; status: string }>('handleFailOrder', { orderId, razorpayPaymentId });
export const handleOfflineOrder = (orderRcptId: string, offlineTxnId: string, offlineBankName: string) =>
  api<{ message: string }>('handleOfflineOrder', {
    isOffline: true,
    offlineTxnId,
    offlineBankName: offlineBankName || null,
    orderRcptId,
  });

/** The local cart keys of SPEC.md section 3. */
export async function clearLocalCart() {
  await Promise.all([localStore.del('selectedPrds'), localStore.del('totalCartPrice')]).catch(() => {});
}
