// The pass copy's operations, as the search worker (passes.worker.ts) runs them: the index in memory, the rows in
// IndexedDB. The main thread asks through pass-client.ts and never holds the copy itself (docs/decisions/152).
import type { VenuePass } from '../../../core/contracts/venue';
import { PassIndex, type SearchAnswer, type Uploaded } from './pass-index';
import { clearPasses, type LocalPass, loadPassRows, putPasses } from './store';

/** Each operation: what it takes and what it answers. `count` is the copy's size after it. */
export type PassOps = {
  load: [Record<string, never>, { count: number }];
  search: [{ q: string }, SearchAnswer];
  byCode: [{ code: string }, LocalPass | null];
  get: [{ ids: number[] }, LocalPass[]];
  merge: [{ rows: VenuePass[]; pending: string[] }, { count: number }];
  put: [{ pass: LocalPass }, { count: number }];
  uploaded: [{ results: Uploaded[] }, { count: number }];
  clear: [Record<string, never>, { count: number }];
};
export type PassOp = keyof PassOps;
export type PassRequest = { [K in PassOp]: { op: K; args: PassOps[K][0] } }[PassOp];

export function passHost() {
  const index = new PassIndex();
  let loaded: Promise<void> | null = null;
  const load = () =>
    (loaded ??= loadPassRows().then((rows) => {
      for (const p of rows) index.set(p);
    }));
  const handlers: { [K in PassOp]: (args: PassOps[K][0]) => Promise<PassOps[K][1]> } = {
    load: async () => ({ count: index.size }),
    search: async ({ q }) => index.search(q),
    byCode: async ({ code }) => index.byPassCode(code) ?? null,
    get: async ({ ids }) => ids.flatMap((id) => index.get(id) ?? []),
    merge: async ({ rows, pending }) => {
      await putPasses(index.merge(rows, new Set(pending)));
      return { count: index.size };
    },
    put: async ({ pass }) => {
      index.set(pass);
      await putPasses([pass]);
      return { count: index.size };
    },
    uploaded: async ({ results }) => {
      await putPasses(index.applyUploads(results));
      return { count: index.size };
    },
    clear: async () => {
      index.clear();
      await clearPasses();
      return { count: 0 };
    },
  };
  return async (req: PassRequest): Promise<unknown> => {
    await load();
    return (handlers[req.op] as (a: unknown) => Promise<unknown>)(req.args);
  };
}
