// Service-worker registration through workbox-window, with an update prompt (the worker waits until the user agrees).
import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';

let waiting: Workbox | null = null;
const listeners = new Set<() => void>();

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    waiting = wb;
    for (const l of listeners) l();
  });
  wb.register().catch(() => {
    // registration refused (private mode, blocked by policy): the site works without offline support
  });
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
