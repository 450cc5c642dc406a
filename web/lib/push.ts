// Web push on this phone: the browser's permission, its subscription with the push service (made with
// the app's VAPID key) through the service worker the PWA already registers (web/lib/pwa.ts), and the Worker's
// record of it. The service worker shows what arrives (web/public/push-sw.js).
import { ApiError } from './api-client';
import { removePushSubscription, savePushSubscription } from './channels-api';

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The service worker's registration, or null when none is active within a few seconds (dev mode, blocked). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 8000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** This phone's state: no push here, the member blocked it, or whether it holds a subscription. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

const bytes = (b64url: string) => {
  const b64 = b64url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
};

export class PushRefused extends Error {
  constructor(readonly state: 'blocked' | 'unsupported') {
    super(state);
  }
}

/**
 * Asks the browser's permission (the member's tap), subscribes with the app's key (a subscription made with another
 * key is replaced) and records it: the Worker's answer is the member's choices, push now on for this phone.
 */
export async function turnOnPush(vapidPublicKey: string) {
  if (!pushSupported()) throw new PushRefused('unsupported');
  if ((await Notification.requestPermission()) !== 'granted') throw new PushRefused('blocked');
  const reg = await registration();
  if (!reg) throw new PushRefused('unsupported');
  const key = bytes(vapidPublicKey);
  let sub = await reg.pushManager.getSubscription();
  const sameKey = (s: PushSubscription) => {
    const k = s.options?.applicationServerKey;
    return !k || new Uint8Array(k).join() === key.join();
  };
  if (sub && !sameKey(sub)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  return savePushSubscription({ endpoint: json.endpoint, keys: json.keys });
}

/** Ends this phone's subscription, here and on the Worker. */
export async function turnOffPush() {
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  if (!sub) return null;
  const answer = await removePushSubscription(sub.endpoint).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 0) throw err; // offline: keep it, so that it can be tried again
    return null;
  });
  await sub.unsubscribe();
  return answer;
}
