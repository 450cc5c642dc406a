// The calls of the contribution screens (SPEC.md section 7). Features do not import each other, so the
// in-place sign-up of /dmPass has its own fetcher here.
import type { UserInfo } from '../../../core/contracts/accounts';
import type { CartDetails } from '../../../core/contracts/cart';
import type { CountResponse, ProductsResponse, UProductsResponse } from '../../../core/contracts/catalogue';
import { api } from '../../lib/api-client';
import { deviceId } from '../../lib/session';
import type { LocalCart } from './local-cart';

export const getProducts = () => api<ProductsResponse>('getProducts');
export const getUProducts = () => api<UProductsResponse>('getUProducts');
export const isMembershipLive = () => api<{ available: boolean }>('isMembershipLive');

/** SPEC.md section 7: `data.count`, 0 on error. */
const count = (path: string) =>
  api<CountResponse>(path)
    .then((r) => r.count)
    .catch(() => 0);
export const getUtsavUserCount = () => count('getUtsavUserCount');
export const getBijayaSanmelaniCount = () => count('getBijayaSanmelaniCount');

/** Sends the selection; the server re-prices it (utsavMemberCount is informative only). */
export const addToCart = (productQtys: LocalCart, utsavMemberCount: number) =>
  api<CartDetails>('addToCart', { productQtys, utsavMemberCount });

export const signUpAndLogin = (f: { name: string; mobile: string; email: string; password: string }) =>
  api<UserInfo>('signUpAndLogin', {
    name: f.name.trim(),
    mobile: f.mobile.trim(),
    email: f.email.trim(),
    password: f.password.trim(),
    iid: deviceId(),
  });
