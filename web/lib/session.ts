// The stored user info (SPEC.md section 3): the login or sign-up answer stored whole in local storage,
// plus the device id `user-iid`. Components subscribe through useUserInfo().
import { useSyncExternalStore } from 'react';
import type { UserInfo } from '../../core/contracts/accounts';
import { useDrawingHtml } from './hydration';

const USER_INFO = 'user-info';
const IID = 'user-iid';
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: UserInfo | null = null;

function notify() {
  for (const l of listeners) l();
}

export function readUserInfo(): UserInfo | null {
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(USER_INFO);
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed = raw ? (JSON.parse(raw) as UserInfo) : null;
    cached = parsed?.session ? parsed : null;
  } catch {
    cached = null;
  }
  return cached;
}

export function storeUserInfo(info: UserInfo) {
  localStorage.setItem(USER_INFO, JSON.stringify(info));
  notify();
}

export function updateUserInfo(patch: Partial<UserInfo>) {
  const info = readUserInfo();
  if (info) storeUserInfo({ ...info, ...patch });
}

/** The device id sent at login and sign-up; kept across logouts of the same device. */
export function deviceId(): string {
  let iid = localStorage.getItem(IID);
  if (!iid) {
    iid = crypto.randomUUID();
    localStorage.setItem(IID, iid);
  }
  return iid;
}

/** Logout and InsufficientAccess: clear all local storage (and the IndexedDB cart), as SPEC.md says. */
export function clearAll() {
  // the device's language is a choice of the device, not of the account (docs/decisions/120)
  const lang = localStorage.getItem('samiti-lang');
  localStorage.clear();
  if (lang) localStorage.setItem('samiti-lang', lang);
  // idb-keyval loads only here, not with every first page (docs/decisions/112)
  void import('./local-store').then((m) => m.clearLocalStore());
  notify();
}

/**
 * The stored user info; null while prerendered HTML is drawn or hydrated (it was drawn for a visitor). The store's
 * own snapshot is the same on both sides, so that hydration does not end in a blocking re-render of everything
 * that reads it: the session appears in the transition after hydration (web/lib/hydration.ts).
 */
export function useUserInfo(): UserInfo | null {
  const drawingHtml = useDrawingHtml();
  const user = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      const onStorage = () => l();
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(l);
        window.removeEventListener('storage', onStorage);
      };
    },
    readUserInfo,
    readUserInfo,
  );
  return drawingHtml ? null : user;
}
