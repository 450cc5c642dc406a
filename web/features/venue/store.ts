// The venue phone's own copy of the festival year's pass orders and its outbox of collections, in
// IndexedDB. Every key starts with "venue:" so that a logout (clearLocalStore) keeps them: a volunteer
// who logs out with collections waiting must not lose them.
// idb-keyval's update() reads and writes in one transaction, so two tabs cannot lose each other's items.
import { get, set, update } from 'idb-keyval';
import type { VenuePass } from '../../../core/contracts/venue';

export type LocalPass = VenuePass & { pending?: boolean };

/** One collection made on this phone, waiting for upload. */
export type OutboxItem = {
  nonce: string;
  orderRcptId: string;
  passCode: string | null;
  happenedAt: number;
  deviceId: string;
};

const K = {
  passes: 'venue:passes', // Record<orderId, LocalPass>
  meta: 'venue:meta', // { cursor, syncedAt, year }
  outbox: 'venue:outbox', // OutboxItem[]
  device: 'venue:device',
} as const;

export type SyncMeta = { cursor: string | null; syncedAt: number | null; year: string | null };

export async function loadPasses(): Promise<Record<string, LocalPass>> {
  return (await get<Record<string, LocalPass>>(K.passes)) ?? {};
}

export async function loadMeta(): Promise<SyncMeta> {
  return (await get<SyncMeta>(K.meta)) ?? { cursor: null, syncedAt: null, year: null };
}

export async function saveMeta(meta: SyncMeta) {
  await set(K.meta, meta);
}

/** Merges rows from the server; a row still waiting in the outbox stays collected here. */
export async function mergePasses(rows: VenuePass[], reset = false) {
  const outbox = await loadOutbox();
  const pending = new Set(outbox.map((o) => o.orderRcptId));
  await update<Record<string, LocalPass>>(K.passes, (old) => {
    const next = reset ? {} : { ...(old ?? {}) };
    for (const r of rows) {
      const mine = next[r.id];
      if (pending.has(r.orderRcptId) && r.passCollected !== 1 && mine) {
        next[r.id] = {
          ...r,
          passCollected: 1,
          collectedAt: mine.collectedAt,
          collectedBy: mine.collectedBy,
          pending: true,
        };
      } else {
        next[r.id] = { ...r };
      }
    }
    return next;
  });
}

export async function putPass(p: LocalPass) {
  await update<Record<string, LocalPass>>(K.passes, (old) => ({ ...(old ?? {}), [p.id]: p }));
}

export async function loadOutbox(): Promise<OutboxItem[]> {
  return (await get<OutboxItem[]>(K.outbox)) ?? [];
}

export async function enqueue(item: OutboxItem) {
  await update<OutboxItem[]>(K.outbox, (old) => {
    const list = old ?? [];
    return list.some((x) => x.nonce === item.nonce) ? list : [...list, item];
  });
}

export async function dequeue(nonces: Set<string>) {
  await update<OutboxItem[]>(K.outbox, (old) => (old ?? []).filter((x) => !nonces.has(x.nonce)));
}

/** A stable id for this phone (kept across logouts), sent with every collection. */
export async function venueDeviceId(): Promise<string> {
  let id = await get<string>(K.device);
  if (!id) {
    id = crypto.randomUUID();
    await set(K.device, id);
  }
  return id;
}
