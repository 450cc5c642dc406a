// The venue phone's engine: keeps the local copy in step (delta sync), records collections online or into the
// outbox, and flushes the outbox whenever there is a chance that it goes through (docs/decisions/150): after any
// request that got an answer, when requests get through again, when the screen becomes visible, on a timer and
// from Sync now. navigator.onLine decides none of it: on lie-fi it says "online" while nothing passes, and a
// failed attempt costs one request. The copy itself lives in a Web Worker (pass-client.ts, decision 152).
import { useSyncExternalStore } from 'react';
import type { GateProductsResponse, RecordGateSaleResponse } from '../../../core/contracts/gate';
import type { VenuePass } from '../../../core/contracts/venue';
import { ApiError, api, type CallOptions } from '../../lib/api-client';
import { isOnline } from '../../lib/online';
import { readUserInfo } from '../../lib/session';
import { passCall } from './pass-client';
import type { SearchAnswer } from './pass-index';
import {
  dequeue,
  dequeueSale,
  enqueue,
  enqueueSale,
  type GateSaleItem,
  type LocalPass,
  loadGateCatalog,
  loadMeta,
  loadOutbox,
  loadSales,
  saveGateCatalog,
  saveMeta,
  takeFromOutbox,
  venueDeviceId,
} from './store';

export const UPLOAD_CHUNK = 25;
/** A tap's answer is waited for this long, then the collection is queued with its nonce (docs/decisions/150). */
const TAP_TIMEOUT_MS = 6_000;
/** Sync pages and uploads are bigger than most calls: on a weak link they get longer. */
const BULK = { timeoutMs: 30_000 };

/**
 * The timer's period. Tests of the evidence-driven retries set `window.__venueSyncEveryMs` (an init script) to a
 * period longer than the test, so that only the behaviour under test can make them pass; nothing else reads it.
 */
export function syncEveryMs(): number {
  const hook = (globalThis as { __venueSyncEveryMs?: unknown }).__venueSyncEveryMs;
  return typeof hook === 'number' && hook > 0 ? hook : 30_000;
}

export type VenueState = {
  ready: boolean;
  /** passes in this phone's copy */
  count: number;
  /** moves on whenever the copy changed: a screen re-reads the passes it shows */
  version: number;
  waiting: number;
  /** when the oldest collection still waiting to upload happened */
  waitingSince: number | null;
  syncedAt: number | null;
  year: string | null;
  syncing: boolean;
  /** gate sales made on this phone, waiting for upload */
  salesWaiting: number;
};

let state: VenueState = {
  ready: false,
  count: 0,
  version: 0,
  waiting: 0,
  waitingSince: null,
  syncedAt: null,
  year: null,
  syncing: false,
  salesWaiting: 0,
};
const listeners = new Set<() => void>();
function setState(patch: Partial<VenueState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}
const changed = (count: number) => setState({ count, version: state.version + 1 });

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

export const venueState = () => state;

/** Re-reads the small things (outbox, sync time) and publishes them. */
async function reload() {
  const [outbox, meta, sales] = await Promise.all([loadOutbox(), loadMeta(), loadSales()]);
  setState({
    salesWaiting: sales.length,
    ready: true,
    waiting: outbox.length,
    waitingSince: outbox.length > 0 ? Math.min(...outbox.map((o) => o.happenedAt)) : null,
    syncedAt: meta.syncedAt,
    year: meta.year,
  });
}

export async function loadLocal() {
  const { count } = await passCall('load', {});
  changed(count);
  await reload();
}

async function merge(rows: VenuePass[], pending?: string[]) {
  if (rows.length === 0) return;
  const rcpts = pending ?? (await loadOutbox()).map((o) => o.orderRcptId);
  changed((await passCall('merge', { rows, pending: rcpts })).count);
}

async function putOne(p: LocalPass) {
  changed((await passCall('put', { pass: p })).count);
}

/** Pulls every change since the stored cursor, page by page. A new festival year starts the copy afresh. */
async function pull() {
  let meta = await loadMeta();
  const pending = (await loadOutbox()).map((o) => o.orderRcptId);
  let reset = false;
  for (let page = 0; page < 1000; page++) {
    const r = await api('getVenuePasses', { cursor: meta.cursor, limit: 500 }, BULK);
    if (meta.year !== r.fiscalYear && !reset && meta.cursor !== null) {
      // the festival year turned over: drop last year's copy and start from the beginning
      reset = true;
      meta = { cursor: null, syncedAt: null, year: r.fiscalYear };
      changed((await passCall('clear', {})).count);
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

/** The upload in flight and its nonces: an undo of one of them waits for its answer (undo()). */
let uploading: { nonces: Set<string>; done: Promise<unknown> } | null = null;
/** Nonces whose upload failed without an answer: they may have reached the server. */
const unsure = new Set<string>();

/** Uploads the outbox a chunk at a time; what the server answered for leaves the outbox. */
async function flush(): Promise<FlushSummary> {
  const summary = { uploaded: 0, conflicts: 0 };
  for (;;) {
    const items = (await loadOutbox()).slice(0, UPLOAD_CHUNK);
    if (items.length === 0) break;
    // the same nonces as when they were queued: an upload whose answer was lost, sent again, changes nothing
    const sent = api(
      'uploadCollections',
      {
        items: items.map((i) => ({
          nonce: i.nonce,
          ...(i.passCode ? { passCode: i.passCode } : { orderRcptId: i.orderRcptId }),
          happenedAt: i.happenedAt,
          deviceId: i.deviceId,
        })),
      },
      BULK,
    );
    uploading = { nonces: new Set(items.map((i) => i.nonce)), done: sent };
    let r: Awaited<typeof sent>;
    try {
      r = await sent;
    } catch (e) {
      for (const i of items) unsure.add(i.nonce);
      throw e;
    } finally {
      uploading = null;
    }
    const done = r.results.flatMap((x) =>
      x.orderRcptId ? [{ orderRcptId: x.orderRcptId, collectedAt: x.collectedAt, collectedBy: x.collectedBy }] : [],
    );
    changed((await passCall('uploaded', { results: done })).count);
    await dequeue(new Set(r.results.map((x) => x.nonce)));
    summary.uploaded += r.recorded + r.duplicates + r.conflicts;
    summary.conflicts += r.conflicts;
  }
  return summary;
}

/**
 * Uploads the gate sales made without an answer, oldest first, each with the nonce it was made with: a sale whose
 * answer was lost, sent again, is the same sale (docs/decisions/250). The server records them, never refuses them;
 * one it cannot read at all (a product withdrawn meanwhile) stays queued with the reason, for the next try.
 */
async function flushSales(): Promise<number> {
  let sent = 0;
  for (const item of await loadSales()) {
    try {
      const r = await recordSale(item, true, BULK);
      await merge([r.pass]);
      await dequeueSale(item.nonce);
      sent++;
    } catch (e) {
      if (e instanceof ApiError && e.code === 'Network') throw e;
      lastSaleProblem = e instanceof Error ? e.message : String(e);
    }
  }
  return sent;
}

/** The last reason a queued sale was not taken (shown with the waiting count). */
let lastSaleProblem: string | null = null;
export const saleProblem = () => lastSaleProblem;

/** A sale sent: queued (`offline`, uploaded later) or at the tap. */
const recordSale = (i: GateSaleItem, offline: boolean, options: CallOptions) =>
  api(
    'recordGateSale',
    {
      nonce: i.nonce,
      buyerName: i.buyerName,
      buyerMobile: i.buyerMobile,
      buyerEmail: i.buyerEmail,
      lines: i.lines.map((l) => ({ productId: l.productId, qty: l.qty })),
      mode: i.mode,
      utr: i.utr,
      happenedAt: i.happenedAt,
      deviceId: i.deviceId,
      offline,
    },
    options,
  );

export type SaleOutcome = { kind: 'online'; answer: RecordGateSaleResponse } | { kind: 'queued'; item: GateSaleItem };

/**
 * One gate sale. Online (by evidence) the server decides at once and may refuse (a UTR used already): nothing is
 * handed over then. With no connection, or no answer in time, the sale is queued with its nonce and the passes are
 * handed over: its upload is recorded, never refused, and the same nonce cannot make a second sale.
 */
export async function sell(sale: Omit<GateSaleItem, 'nonce' | 'happenedAt' | 'deviceId'>): Promise<SaleOutcome> {
  const item: GateSaleItem = {
    ...sale,
    nonce: crypto.randomUUID(),
    happenedAt: Date.now(),
    deviceId: await venueDeviceId(),
  };
  if (isOnline()) {
    try {
      const answer = await recordSale(item, false, { timeoutMs: TAP_TIMEOUT_MS });
      await merge([answer.pass]);
      await reload();
      return { kind: 'online', answer };
    } catch (e) {
      if (!(e instanceof ApiError) || e.code !== 'Network') throw e;
      // no answer: queued with the same nonce (the request may have landed: the upload then finds it)
    }
  }
  await enqueueSale(item);
  await reload();
  return { kind: 'queued', item };
}

/** What the gate sells, from this phone's copy at once and from the server whenever it answers. */
export async function gateCatalog(fresh: boolean): Promise<GateProductsResponse | null> {
  if (fresh) {
    try {
      const c = await api('getGateProducts', {});
      await saveGateCatalog(c);
      return c;
    } catch {
      // offline: the copy answers
    }
  }
  return loadGateCatalog();
}

let running: Promise<FlushSummary | null> | null = null;

/**
 * Flush, then pull. One at a time; logged out it does nothing. Whatever navigator.onLine says, it tries: a
 * failure costs one request and tells the connectivity store what it needs to know.
 */
export function syncNow(): Promise<FlushSummary | null> {
  if (running) return running;
  if (!readUserInfo()?.session) return Promise.resolve(null);
  running = (async () => {
    setState({ syncing: true });
    try {
      const sold = await flushSales();
      const summary = await flush();
      summary.uploaded += sold;
      await pull();
      return summary;
    } catch (e) {
      if (e instanceof ApiError && e.code === 'Network') return null; // nothing got through: the next chance retries
      throw e;
    } finally {
      running = null;
      await reload();
      setState({ syncing: false });
    }
  })();
  return running;
}

export const isSyncing = () => running !== null;

/**
 * One tap. Online (by evidence), the server decides at once (409 AlreadyCollected comes back as an ApiError);
 * with no connection, or when the request's fate is unknown (timed out), the collection goes to the outbox with
 * its nonce, so an upload after a lost answer cannot count it twice.
 */
export type CollectOutcome = {
  kind: 'online' | 'queued';
  nonce: string;
  /** the pass as it was before the tap, for undo */
  before: LocalPass;
  pass: LocalPass;
  message: string;
  /** queued after a request that may have reached the server: undo asks the server too */
  uncertain: boolean;
};

export async function collect(pass: LocalPass): Promise<CollectOutcome> {
  const nonce = crypto.randomUUID();
  const happenedAt = Date.now();
  const deviceId = await venueDeviceId();
  let uncertain = false;
  if (isOnline()) {
    try {
      const r = await api(
        'markCouponCollected',
        { userName: pass.name, userEmail: pass.email, orderRcptId: pass.orderRcptId, nonce, happenedAt, deviceId },
        { timeoutMs: TAP_TIMEOUT_MS },
      );
      const now: LocalPass = { ...r.pass, pending: false };
      await putOne(now);
      await reload();
      return { kind: 'online', nonce, before: pass, pass: now, message: r.message, uncertain: false };
    } catch (e) {
      if (!(e instanceof ApiError) || e.code !== 'Network') {
        if (e instanceof ApiError && e.code === 'AlreadyCollected') void refresh(pass);
        throw e;
      }
      // no answer: queue it with the same nonce. The request may have reached the server before the link
      // dropped (or timed out on the way back), so an undo asks the server too.
      uncertain = true;
    }
  }
  await enqueue({ nonce, orderRcptId: pass.orderRcptId, passCode: pass.passCode || null, happenedAt, deviceId });
  const me = readUserInfo()?.name ?? '';
  const queued: LocalPass = { ...pass, passCollected: 1, collectedAt: happenedAt, collectedBy: me, pending: true };
  await putOne(queued);
  await reload();
  return { kind: 'queued', nonce, before: pass, pass: queued, message: '', uncertain };
}

/**
 * Takes a mistaken tap back (docs/decisions/153). A collection still in the outbox leaves it (and never reaches
 * the server); one the server has is reversed there, which the database allows only to the same volunteer within
 * a short window. Throws the server's refusal; the pass then stays collected: nothing is lost by a failed undo.
 */
const undoOnServer = (nonce: string) => api('undoCollection', { nonce });

export async function undo(outcome: CollectOutcome): Promise<LocalPass> {
  // an upload carrying this collection is on its way: its answer says whether the server has it
  while (uploading?.nonces.has(outcome.nonce)) await uploading.done.catch(() => undefined);
  if (outcome.kind === 'queued' && (await takeFromOutbox(outcome.nonce))) {
    const back: LocalPass = { ...outcome.before, pending: false };
    await putOne(back);
    await reload();
    if (outcome.uncertain || unsure.has(outcome.nonce)) {
      // the timed-out request may have reached the server after all
      await undoOnServer(outcome.nonce).then(
        (r) => putOne({ ...r.pass, pending: false }),
        () => undefined,
      );
    }
    return back;
  }
  const r = await undoOnServer(outcome.nonce);
  const back: LocalPass = { ...r.pass, pending: false };
  await putOne(back);
  await reload();
  return back;
}

const findOnServer = (q: string) => api('searchVenuePasses', { q });

/** Re-reads one pass from the server (after a refusal), keeping the local copy true. */
async function refresh(pass: LocalPass) {
  try {
    const rows = await findOnServer(pass.orderRcptId);
    await merge(rows.filter((r) => r.id === pass.id));
  } catch {
    // offline again: the next sync brings it
  }
}

/** The gate's lookup in this phone's copy (core/venue-search.ts), answered by the search worker. */
export function searchLocal(q: string): Promise<SearchAnswer> {
  return passCall('search', { q });
}

export function passesById(ids: number[]): Promise<LocalPass[]> {
  return passCall('get', { ids });
}

/** The passes collected more than once (by two phones, or a queued tap after another), with every tap. */
export const getCollectionConflicts = () => api('getCollectionConflicts', {});

/** Server search (fresh results); its rows also refresh the local copy. */
export async function searchServer(q: string): Promise<VenuePass[]> {
  const rows = await findOnServer(q);
  await merge(rows);
  return rows;
}

export async function findByPassCode(code: string): Promise<LocalPass | undefined> {
  return (await passCall('byCode', { code })) ?? undefined;
}
