// The venue phone's engine: keeps the local copy in step (delta sync), records collections online or
// into the outbox, and flushes the outbox when it can (on `online`, on becoming visible, on a timer and
// from Sync now: Background Sync is Chromium-only, these work everywhere).
import { useSyncExternalStore } from 'react';
import type { VenuePass } from '../../../core/contracts/venue';
import { normalizeMobile } from '../../../core/contracts/common';
import { parseRcptId } from '../../../core/ids';
import { ApiError, api } from '../../lib/api-client';
import { readUserInfo } from '../../lib/session';
import {
  clearPasses,
  dequeue,
  enqueue,
  type LocalPass,
  loadMeta,
  loadOutbox,
  loadPasses,
  putPasses,
  saveMeta,
  venueDeviceId,
} from './store';

export const UPLOAD_CHUNK = 25;
export const SYNC_EVERY_MS = 30_000;
/** Rows merged and written per task: a first sync brings tens of thousands of passes, and a volunteer's
 * tap must not wait behind it, so the work is cut into small tasks with a yield to the browser between. */
export const MERGE_CHUNK = 100;

const yieldToMain = () =>
  new Promise<void>((resolve) => {
    const sched = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
    if (sched?.yield) void sched.yield().then(resolve);
    else setTimeout(resolve, 0);
  });

export type VenueState = {
  ready: boolean;
  /** the local copy, by order id (mutated in place; the state object changes with it) */
  passes: Map<number, LocalPass>;
  waiting: number;
  syncedAt: number | null;
  year: string | null;
  syncing: boolean;
};

let state: VenueState = { ready: false, passes: new Map(), waiting: 0, syncedAt: null, year: null, syncing: false };
const listeners = new Set<() => void>();
function setState(patch: Partial<VenueState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export function useVenueState(): VenueState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}

const passMap = new Map<number, LocalPass>();
let loaded = false;

/** Re-reads the small things (outbox size, sync time) and publishes the state. */
async function reload() {
  const [outbox, meta] = await Promise.all([loadOutbox(), loadMeta()]);
  setState({ ready: true, passes: passMap, waiting: outbox.length, syncedAt: meta.syncedAt, year: meta.year });
}

export async function loadLocal() {
  if (!loaded) {
    for (const [id, p] of await loadPasses()) passMap.set(id, p);
    loaded = true;
  }
  await reload();
}

/** Takes server rows into the copy; a pass still waiting in the outbox stays collected here. */
async function merge(rows: VenuePass[], pendingRcpts?: Set<string>) {
  const pending = pendingRcpts ?? new Set((await loadOutbox()).map((o) => o.orderRcptId));
  for (let i = 0; i < rows.length; i += MERGE_CHUNK) {
    if (i > 0) await yieldToMain();
    const changed: LocalPass[] = [];
    for (const r of rows.slice(i, i + MERGE_CHUNK)) {
      const mine = passMap.get(r.id);
      const next: LocalPass =
        mine?.pending && pending.has(r.orderRcptId) && r.passCollected !== 1
          ? { ...r, passCollected: 1, collectedAt: mine.collectedAt, collectedBy: mine.collectedBy, pending: true }
          : { ...r };
      passMap.set(r.id, next);
      changed.push(next);
    }
    await putPasses(changed);
  }
}

async function putOne(p: LocalPass) {
  passMap.set(p.id, p);
  await putPasses([p]);
}

/** Pulls every change since the stored cursor, page by page. A new festival year starts the copy afresh. */
async function pull() {
  let meta = await loadMeta();
  const pending = new Set((await loadOutbox()).map((o) => o.orderRcptId));
  let reset = false;
  for (let page = 0; page < 1000; page++) {
    const r = await api('getVenuePasses', { cursor: meta.cursor, limit: 500 });
    if (meta.year !== r.fiscalYear && !reset && meta.cursor !== null) {
      // the festival year turned over: drop last year's copy and start from the beginning
      reset = true;
      meta = { cursor: null, syncedAt: null, year: r.fiscalYear };
      passMap.clear();
      await clearPasses();
      continue;
    }
    await merge(r.rows, pending);
    meta = { cursor: r.cursor, syncedAt: meta.syncedAt, year: r.fiscalYear };
    // keep the cursor page by page: a sync cut short resumes where it stopped
    await saveMeta(meta);
    if (!r.more) break;
  }
  meta.syncedAt = Date.now();
  await saveMeta(meta);
}

export type FlushSummary = { uploaded: number; conflicts: number };

/** Uploads the outbox a chunk at a time; what the server answered for leaves the outbox. */
async function flush(): Promise<FlushSummary> {
  const summary = { uploaded: 0, conflicts: 0 };
  for (;;) {
    const items = (await loadOutbox()).slice(0, UPLOAD_CHUNK);
    if (items.length === 0) break;
    const r = await api('uploadCollections', {
      items: items.map((i) => ({
        nonce: i.nonce,
        ...(i.passCode ? { passCode: i.passCode } : { orderRcptId: i.orderRcptId }),
        happenedAt: i.happenedAt,
        deviceId: i.deviceId,
      })),
    });
    const byRcpt = new Map([...passMap.values()].map((p) => [p.orderRcptId, p]));
    for (const res of r.results) {
      const p = res.orderRcptId ? byRcpt.get(res.orderRcptId) : undefined;
      if (p) {
        await putOne({
          ...p,
          passCollected: 1,
          collectedAt: res.collectedAt,
          collectedBy: res.collectedBy,
          pending: false,
        });
      }
    }
    await dequeue(new Set(r.results.map((x) => x.nonce)));
    summary.uploaded += r.recorded + r.duplicates + r.conflicts;
    summary.conflicts += r.conflicts;
  }
  return summary;
}

let running: Promise<FlushSummary | null> | null = null;

/** Flush, then pull. One at a time; offline or logged out it does nothing. */
export function syncNow(): Promise<FlushSummary | null> {
  if (running) return running;
  if (!navigator.onLine || !readUserInfo()?.session) return Promise.resolve(null);
  running = (async () => {
    setState({ syncing: true });
    try {
      const summary = await flush();
      await pull();
      return summary;
    } catch (e) {
      if (e instanceof ApiError && e.status === 0) return null; // the connection dropped: next trigger retries
      throw e;
    } finally {
      running = null;
      await reload();
      setState({ syncing: false });
    }
  })();
  return running;
}

export type CollectOutcome = { kind: 'online'; pass: VenuePass; message: string } | { kind: 'queued'; pass: LocalPass };

/**
 * One tap: online, the server decides at once (409 AlreadyCollected comes back as an ApiError); with
 * no connection, or when the request's fate is unknown, the collection goes to the outbox with its
 * nonce, so an upload after a lost answer cannot count it twice.
 */
export async function collect(pass: LocalPass): Promise<CollectOutcome> {
  const nonce = crypto.randomUUID();
  const happenedAt = Date.now();
  const deviceId = await venueDeviceId();
  if (navigator.onLine) {
    try {
      const r = await api('markCouponCollected', {
        userName: pass.name,
        userEmail: pass.email,
        orderRcptId: pass.orderRcptId,
        nonce,
        happenedAt,
        deviceId,
      });
      await putOne({ ...r.pass, pending: false });
      await reload();
      return { kind: 'online', pass: r.pass, message: r.message };
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 0) {
        if (e instanceof ApiError && e.code === 'AlreadyCollected') void refresh(pass);
        throw e;
      }
      // no answer: queue it with the same nonce
    }
  }
  await enqueue({ nonce, orderRcptId: pass.orderRcptId, passCode: pass.passCode || null, happenedAt, deviceId });
  const me = readUserInfo()?.name ?? '';
  const queued: LocalPass = { ...pass, passCollected: 1, collectedAt: happenedAt, collectedBy: me, pending: true };
  await putOne(queued);
  await reload();
  return { kind: 'queued', pass: queued };
}

/** Re-reads one pass from the server (after a refusal), keeping the local copy true. */
async function refresh(pass: LocalPass) {
  try {
    const rows = await api('searchVenuePasses', { q: pass.orderRcptId });
    await merge(rows.filter((r) => r.id === pass.id));
    await reload();
  } catch {
    // offline again: the next sync brings it
  }
}

/** Search the local copy by mobile, email, contribution id or pass code. */
export function searchLocal(passes: Map<number, LocalPass>, q: string): LocalPass[] {
  const text = q.trim().toLowerCase();
  if (text.length < 3) return [];
  const digits = /^[\d\s+-]+$/.test(text) ? normalizeMobile(text) : '';
  const pk = /^smt\d+$/.test(text) ? parseRcptId(text) : null;
  const out: LocalPass[] = [];
  for (const p of passes.values()) {
    if (
      (digits.length >= 4 && p.mobile.includes(digits)) ||
      (text.includes('@') ? p.email.toLowerCase() === text : p.email.toLowerCase().startsWith(text)) ||
      (pk !== null && p.id === pk) ||
      p.passCode.toLowerCase() === text
    ) {
      out.push(p);
    }
    if (out.length >= 50) break;
  }
  return out.sort((a, b) => b.id - a.id);
}

/** Server search when online; its rows also refresh the local copy. */
export async function searchServer(q: string): Promise<VenuePass[]> {
  const rows = await api('searchVenuePasses', { q });
  await merge(rows);
  await reload();
  return rows;
}

export function findByPassCode(passes: Map<number, LocalPass>, code: string): LocalPass | undefined {
  for (const p of passes.values()) if (p.passCode === code) return p;
  return undefined;
}
