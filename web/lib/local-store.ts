// IndexedDB (idb-keyval) for what must survive a reload or a lost connection: the local cart and offline queues.
// idb-keyval is loaded on the first read or write, not with the screens that import this (the contribution pages'
// first load, docs/decisions/115): every call was already asynchronous.
const idb = () => import('idb-keyval');

export const localStore = {
  get: async <T>(key: string) => (await idb()).get<T>(key),
  set: async <T>(key: string, value: T) => (await idb()).set(key, value),
  del: async (key: string) => (await idb()).del(key),
};

/** Clears the cart and caches on logout; the venue's collection queue ("venue:" keys) is never dropped. */
export async function clearLocalStore() {
  try {
    const { delMany, keys } = await idb();
    const all = await keys();
    await delMany(all.filter((k) => !String(k).startsWith('venue:')));
  } catch {
    // IndexedDB unavailable (private mode): nothing stored, nothing to clear
  }
}
