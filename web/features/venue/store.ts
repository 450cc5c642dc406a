// The venue phone's own copy of the festival year's pass orders and its outbox of collections, in
// IndexedDB. The outbox, sync state and device id are "venue:" keys of the app's store, which a logout
// (clearLocalStore) keeps: a volunteer who logs out with collections waiting must not lose them. The
// passes (thousands) live one row per key in a store of their own, so a sync page writes only its rows.
// idb-keyval's update() reads and writes in one transaction, so two tabs cannot drop each other's items.
import { clear, createStore, get, set, setMany, update, values } from 'idb-keyval';
import type { GateProductsResponse } from '../../../core/contracts/gate';
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
  meta: 'venue:meta', // { cursor, syncedAt, year }
  outbox: 'venue:outbox', // OutboxItem[]
  device: 'venue:device',
  sales: 'venue:sales', // GateSaleItem[]: gate sales made on this phone, waiting for upload
  gate: 'venue:gate', // GateProductsResponse: what the gate sells, for selling offline
} as const;

/** One gate sale made on this phone without an answer (the buyer has the passes), waiting for upload. */
export type GateSaleItem = {
  nonce: string;
  buyerName: string;
  buyerMobile: string;
  buyerEmail: string | null;
  lines: { productId: number; qty: number; name: string }[];
  mode: 'cash' | 'upi';
  utr: string | null;
  happenedAt: number;
  deviceId: string;
  /** what the phone showed and took, in paise */
  totalPaise: number;
};

export async function loadSales(): Promise<GateSaleItem[]> {
  return (await get<GateSaleItem[]>(K.sales)) ?? [];
}

export async function enqueueSale(item: GateSaleItem) {
  await update<GateSaleItem[]>(K.sales, (old) => {
    const list = old ?? [];
    return list.some((x) => x.nonce === item.nonce) ? list : [...list, item];
  });
}

export async function dequeueSale(nonce: string) {
  await update<GateSaleItem[]>(K.sales, (old) => (old ?? []).filter((x) => x.nonce !== nonce));
}

export async function loadGateCatalog(): Promise<GateProductsResponse | null> {
  return (await get<GateProductsResponse>(K.gate)) ?? null;
}

export async function saveGateCatalog(c: GateProductsResponse) {
  await set(K.gate, c);
}

let passStore: ReturnType<typeof createStore> | null = null;
const passes = () => {
  passStore ??= createStore('samiti-venue-passes', 'passes');
  return passStore;
};

export type SyncMeta = { cursor: string | null; syncedAt: number | null; year: string | null };

/** Every pass of the copy (the search worker loads them once, docs/decisions/152). */
export async function loadPassRows(): Promise<LocalPass[]> {
  return values<LocalPass>(passes());
}

export async function loadMeta(): Promise<SyncMeta> {
  return (await get<SyncMeta>(K.meta)) ?? { cursor: null, syncedAt: null, year: null };
}

export async function saveMeta(meta: SyncMeta) {
  await set(K.meta, meta);
}

export async function clearPasses() {
  await clear(passes());
}

/** Writes rows (already merged by the caller) one key each. */
export async function putPasses(rows: LocalPass[]) {
  if (rows.length > 0)
    await setMany(
      rows.map((r) => [r.id, r]),
      passes(),
    );
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

/** Removes one collection that has not been uploaded yet (undo); false when it is no longer waiting. */
export async function takeFromOutbox(nonce: string): Promise<boolean> {
  let taken = false;
  await update<OutboxItem[]>(K.outbox, (old) => {
    const list = old ?? [];
    taken = list.some((x) => x.nonce === nonce);
    return list.filter((x) => x.nonce !== nonce);
  });
  return taken;
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
