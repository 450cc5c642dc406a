// Offline copies of read-only calls. The API is POST-only (DECISIONS.md), and the Cache API cannot key POST
// requests, so the service worker cannot serve "last seen" answers. Instead a screen reads through
// readWithOfflineCopy(): each successful answer is kept in IndexedDB (idb-keyval) under the user's email, and
// when the network is unreachable the saved copy is returned, marked offline with the time it was saved.
// Only network failures fall back; a server answer (401, 400, ...) is never masked by a stale copy.
// The copies are dropped on logout and on InsufficientAccess with the rest of local storage (clearLocalStore).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallBody, CallData, OptionalBodyPath } from './calls';
import { ApiError, api } from './api-client';
import { localStore } from './local-store';
import { onBackOnline } from './online';
import { readUserInfo } from './session';

export type OfflineRead<T> = {
  data: T;
  /** false: fresh from the server; true: the saved copy, because the network is unreachable */
  offline: boolean;
  /** when the returned copy was saved (ms since epoch) */
  savedAt: number;
};

type Saved<T> = { data: T; savedAt: number };

/**
 * A call whose last answer a screen may keep: one that may leave its body out, so that its key and request are the
 * path's alone. Which answers are kept is the screens' choice, made where they read (readWithOfflineCopy('getOrders')),
 * not a list of paths kept here (docs/decisions/269); only reads belong there. Checkout keeps the cart it showed and
 * the payment options, so that with no connection it still shows what the buyer chose (docs/decisions/151).
 */
export type OfflineReadPath = OptionalBodyPath;

export function offlineKey(path: string, body: object = {}): string {
  return `read:${readUserInfo()?.email ?? 'anonymous'}:${path}:${JSON.stringify(body)}`;
}

/**
 * Keeps an answer as the saved copy of a read whose data it is (a write that answers the same data: /addToCart
 * answers the cart, the copy of /getCartDetails).
 */
export async function keepOfflineCopy<P extends OfflineReadPath>(path: P, data: CallData<P>): Promise<void> {
  try {
    await localStore.set<Saved<CallData<P>>>(offlineKey(path), { data, savedAt: Date.now() });
  } catch {
    // IndexedDB unavailable (private mode): nothing kept, the screens still work online
  }
}

/**
 * Puts an order's lines back into the server cart (the checkout after a failed attempt, the profile's "resume
 * payment") and keeps the answer as the cart's copy, so that the checkout shows it offline too. The shop's own
 * /addToCart stays with its pages (web/features/contribute/api.ts): only the checkout and the profile load this
 * module, and those pages' first load is at its budget (docs/decisions/272).
 */
export async function putBackInCart(productQtys: CallBody<'addToCart'>['productQtys']): Promise<CallData<'addToCart'>> {
  const cart = await api('addToCart', { productQtys });
  void keepOfflineCopy('getCartDetails', cart);
  return cart;
}

/** The copy saved on this device, without asking the network (undefined when there is none). */
export async function readSavedCopy<P extends OfflineReadPath>(path: P): Promise<Saved<CallData<P>> | undefined> {
  return localStore.get<Saved<CallData<P>>>(offlineKey(path)).catch(() => undefined);
}

/** The read calls take no body: the key and the request are the path's alone. */
export async function readWithOfflineCopy<P extends OfflineReadPath>(
  path: P,
  body: Record<string, never> = {},
): Promise<OfflineRead<CallData<P>>> {
  type T = CallData<P>;
  const key = offlineKey(path, body);
  try {
    const data: T = await api(path);
    const savedAt = Date.now();
    try {
      await localStore.set<Saved<T>>(key, { data, savedAt });
    } catch {
      // IndexedDB unavailable (private mode): the screen still works online
    }
    return { data, offline: false, savedAt };
  } catch (e) {
    if (e instanceof ApiError && e.code === 'Network') {
      const saved = await localStore.get<Saved<T>>(key).catch(() => undefined);
      if (saved) return { data: saved.data, offline: true, savedAt: saved.savedAt };
    }
    throw e;
  }
}

/**
 * React binding: loads on mount and again when requests get through after they did not.
 * `error` is the ApiError when there is neither an answer nor a saved copy.
 */
export function useOfflineRead<P extends OfflineReadPath>(path: P, body: Record<string, never> = {}) {
  const [state, setState] = useState<{
    result: OfflineRead<CallData<P>> | null;
    error: ApiError | null;
    loading: boolean;
  }>({
    result: null,
    error: null,
    loading: true,
  });
  const bodyKey = JSON.stringify(body);
  const alive = useRef(true);

  const load = useCallback(async () => {
    setState((s) => ({ ...s, loading: true }));
    try {
      const result = await readWithOfflineCopy(path, JSON.parse(bodyKey) as Record<string, never>);
      if (alive.current) setState({ result, error: null, loading: false });
    } catch (e) {
      const error = e instanceof ApiError ? e : new ApiError('Error', String(e), 0);
      if (alive.current) setState((s) => ({ result: s.result, error, loading: false }));
    }
  }, [path, bodyKey]);

  useEffect(() => {
    alive.current = true;
    void load();
    // back online by evidence (web/lib/online.ts), not only when the browser says so
    const stop = onBackOnline(() => void load());
    return () => {
      alive.current = false;
      stop();
    };
  }, [load]);

  return { ...state, reload: load };
}
