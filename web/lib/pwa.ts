// The service worker's update prompt (the new worker waits until the user agrees); its registration is loaded when
// the page is idle (web/lib/pwa-register.ts).
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

let waiting: Workbox | null = null;
const listeners = new Set<() => void>();

/**
 * Registers the service worker once the page has loaded and the main thread is idle: installing it downloads and
 * caches every precached file, which the first screen does not need and should not compete with
 * (docs/decisions/171).
 */
export function registerServiceWorkerWhenIdle() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () =>
    void import('./pwa-register').then((m) =>
      m.registerServiceWorker((wb) => {
        waiting = wb;
        for (const l of listeners) l();
      }),
    );
  const idle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
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
