// Connectivity by evidence (docs/decisions/150): whether anything gets through to the server, as the app's own
// requests found out. navigator.onLine is one more signal, not the truth: it stays true on "lie-fi" (venue Wi-Fi
// without an uplink, a mobile connection that is up but passes nothing) and, in some Chromium versions, after a
// page was reloaded offline. The one API client (web/lib/api-client.ts) reports every request's outcome here: an
// answer from the server of any status means online, a failure at the network level or a timeout means offline.
// When nothing has been asked for a moment (a public page makes no API call), or while offline, online-probe.ts
// asks the server itself, backing off, so that the way back is noticed too. It loads after the first screen.
import { useSyncExternalStore } from 'react';
import { onRequestOutcome } from './api-client';

type Net = { online: boolean; since: number };
let net: Net = { online: true, since: Date.now() };
let started = false;
let evidence = false;
const listeners = new Set<() => void>();
const reachedListeners = new Set<() => void>();
const backListeners = new Set<() => void>();
const each = (set: Set<() => void>) => {
  for (const l of set) l();
};
const prober = () => import('./online-probe');

function onOutcome(reached: boolean) {
  evidence = true;
  if (net.online !== reached) {
    net = { online: reached, since: Date.now() };
    each(listeners);
    if (reached) each(backListeners);
  }
  if (reached) each(reachedListeners);
  void prober().then((p) => p.settle(reached));
}

/** Asks the server now whether anything gets through (the answer arrives as any request's does). */
export const probe = () => void prober().then((p) => p.probe());

function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  onRequestOutcome(onOutcome);
  // the browser saying "offline" is reliable (no network at all); its "online" only means "worth a try"
  if (!navigator.onLine) onOutcome(false);
  addEventListener('offline', () => onOutcome(false));
  addEventListener('online', probe);
  document.addEventListener('visibilitychange', () => !document.hidden && !net.online && probe());
  setTimeout(() => evidence || probe(), 2000);
}

function subscribe(l: () => void) {
  start();
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

const SERVER_NET: Net = { online: true, since: 0 };

/** Whether requests get through, by evidence, and since when (prerendered HTML: online, drawn with no banner). */
export const useConnectivity = (): Net =>
  useSyncExternalStore(
    subscribe,
    () => net,
    () => SERVER_NET,
  );

export const useOnline = (): boolean => useConnectivity().online;

export function isOnline(): boolean {
  start();
  return net.online;
}

function on(set: Set<() => void>, listener: () => void): () => void {
  start();
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/**
 * Calls `listener` after every request that got an answer from the server (probes included): the moment to send
 * what waits for the network. Returns the unsubscribe function.
 */
export const onReached = (listener: () => void) => on(reachedListeners, listener);

/** Calls `listener` when requests get through again after they did not. Returns the unsubscribe function. */
export const onBackOnline = (listener: () => void) => on(backListeners, listener);
