// The calls of the Contribution tab, in a file of their own: only the profile page loads them, so they travel in its
// chunk (in api.ts, shared with the profile's other screens, they would have made a chunk of their own).
// "Share transfer details" sends with the transfer form's own call (web/components/payment/BankTransfer.tsx).
import { api, PAYMENT_TIMEOUT_MS } from '../../lib/api-client';
import { readWithOfflineCopy } from '../../lib/offline-read';

// The last list seen is kept on the device and shown, marked as such, when offline (web/lib/offline-read.ts).
export const getOrders = () => readWithOfflineCopy('getOrders');
export const getPaymentOptions = () => api('getPaymentOptions');
// "Resume payment": the catalogue, to find the lines' products (the lines go back with web/lib/offline-read.ts)
export const getProducts = () => api('getProducts');
export const getUProducts = () => api('getUProducts');
// the server asks Razorpay first: a payment call's time limit (docs/decisions/150)
export const giveUpOrder = (orderRcptId: string) =>
  api('giveUpOrder', { orderRcptId }, { timeoutMs: PAYMENT_TIMEOUT_MS });
