// The connectivity store's own questions (web/lib/online.ts, docs/decisions/150): a probe (POST /api/noop, no
// database) when no request has said anything yet, and while nothing gets through, again after 2, 4, 8 and then
// every 15 seconds, so that the screens notice the way back without a reload. Loaded after the first screen.
import { request } from './api-client';

const RETRY_MS = [2_000, 4_000, 8_000, 15_000];
let timer: ReturnType<typeof setTimeout> | null = null;
let attempt = 0;
let asking = false;

export async function probe(): Promise<void> {
  if (asking) return;
  asking = true;
  try {
    await request('noop', {}, 8_000).catch(() => undefined); // its outcome reaches the store like any other
  } finally {
    asking = false;
  }
}

/** After each outcome: online stops the retries, offline schedules the next one (none while the page is hidden). */
export function settle(reached: boolean) {
  if (reached) {
    attempt = 0;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    return;
  }
  if (timer !== null) return;
  timer = setTimeout(
    () => {
      timer = null;
      if (!document.hidden) void probe();
    },
    RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)],
  );
}
