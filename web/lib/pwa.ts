// Service-worker registration through workbox-window, with an update prompt (the worker waits until the user agrees).
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

let waiting: Workbox | null = null;
const listeners = new Set<() => void>();

async function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // loaded after the first screen: workbox-window is 2 kB of gzip no first paint needs (docs/decisions/112)
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js');
  wb.addEventListener('controlling', (e) => {
    if (!e.isUpdate) void recacheSeenMedia();
  });
  wb.addEventListener('waiting', () => {
    waiting = wb;
    for (const l of listeners) l();
  });
  wb.register().catch(() => {
    // registration refused (private mode, blocked by policy): the site works without offline support
  });
}

/**
 * Registers the service worker once the page has loaded and the main thread is idle: installing it downloads and
 * caches every precached file, which the first screen does not need and should not compete with
 * (docs/decisions/171).
 */
export function registerServiceWorkerWhenIdle() {
  const idle = () => {
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
    if (w.requestIdleCallback) w.requestIdleCallback(() => void registerServiceWorker(), { timeout: 5000 });
    else setTimeout(() => void registerServiceWorker(), 1000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => waiting !== null,
    () => false,
  );
}

export function applyUpdate() {
  if (!waiting) return;
  waiting.addEventListener('controlling', () => window.location.reload());
  waiting.messageSkipWaiting();
}

/**
 * On the very first visit the page loads its photos before the service worker controls it, so they bypass
 * the runtime cache. Once the worker takes control (clientsClaim), ask for those photos and PDFs again:
 * the worker's cache-first routes store them, and "the gallery already seen" opens offline.
 */
async function recacheSeenMedia() {
  const seen = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name, window.location.href);
    if (url.origin === window.location.origin && /^\/(gallery|magazines)\//.test(url.pathname)) seen.add(url.href);
  }
  await Promise.all([...seen].map((u) => fetch(u).catch(() => undefined)));
}
