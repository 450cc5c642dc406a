// Service-worker registration through workbox-window, loaded when the page is idle (web/lib/pwa.ts): neither it nor
// workbox-window is part of a first page's code (docs/decisions/112, 171).
import type { Workbox } from 'workbox-window';

/** Registers /sw.js; `onWaiting` receives a new version that waits until the user agrees to it. */
export async function registerServiceWorker(onWaiting: (wb: Workbox) => void) {
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js');
  wb.addEventListener('controlling', (e) => {
    if (!e.isUpdate) void recacheSeenMedia();
  });
  wb.addEventListener('waiting', () => onWaiting(wb));
  wb.register().catch(() => {
    // registration refused (private mode, blocked by policy): the site works without offline support
  });
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
