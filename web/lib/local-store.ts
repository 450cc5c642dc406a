// IndexedDB (idb-keyval) for what must survive a reload or a lost connection: the local cart and offline queues.
import { del, delMany, get, keys, set } from 'idb-keyval';

export const localStore = {
  get: <T>(key: string) => get<T>(key),
  set: <T>(key: string, value: T) => set(key, value),
  del: (key: string) => del(key),
};

/** Clears the cart and caches on logout; the venue's collection queue ("venue:" keys) is never dropped. */
export async function clearLocalStore() {
  try {
    const all = await keys();
    await delMany(all.filter((k) => !String(k).startsWith('venue:')));
  } catch {
    // IndexedDB unavailable (private mode): nothing stored, nothing to clear
  }
}
