import { api } from '../../lib/api-client';
import { deviceId } from '../../lib/session';
import type { LocalCart } from './local-cart';

export const getProducts = () => api('getProducts');
export const getUProducts = () => api('getUProducts');

/** SPEC.md section 7: `data.count`, 0 on error. */
const count = (path: 'getUtsavUserCount' | 'getBijayaSanmelaniCount') =>
  api(path)
    .then((r) => r.count)
    .catch(() => 0);
export const getUtsavUserCount = () => count('getUtsavUserCount');
export const getBijayaSanmelaniCount = () => count('getBijayaSanmelaniCount');

/** Sends the selection; the server re-prices it (utsavMemberCount is informative only). */
export const addToCart = (productQtys: LocalCart, utsavMemberCount: number) =>
  api('addToCart', { productQtys, utsavMemberCount });

export const signUpAndLogin = (f: { name: string; mobile: string; email: string; password: string }) =>
  api('signUpAndLogin', {
    name: f.name.trim(),
    mobile: f.mobile.trim(),
    email: f.email.trim(),
    password: f.password.trim(),
    iid: deviceId(),
  });

// capacity and waiting lists
export const getMyWaitlist = () => api('getMyWaitlist');
export const joinWaitlist = (productId: number, qty: number) => api('joinWaitlist', { productId, qty });
export const leaveWaitlist = (productId: number) => api('leaveWaitlist', { productId });
export const acceptWaitlistOffer = (offer: string) => api('acceptWaitlistOffer', { offer });
