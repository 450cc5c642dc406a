// The main thread's side of the pass copy: every operation goes to the search worker (docs/decisions/152), which
// holds the index and the IndexedDB rows. Where a browser has no module workers, the same host runs here.
import type { PassOp, PassOps, PassRequest } from './pass-host';

type Pending = { req: PassRequest; resolve: (v: unknown) => void; reject: (e: Error) => void };
let worker: Worker | null = null;
let local: ((req: PassRequest) => Promise<unknown>) | null = null;
const waiting = new Map<number, Pending>();
let next = 1;

function start() {
  if (worker || local) return;
  try {
    worker = new Worker(new URL('./passes.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<{ id: number; result?: unknown; error?: string }>) => {
      const p = waiting.get(e.data.id);
      if (!p) return;
      waiting.delete(e.data.id);
      if (e.data.error !== undefined) p.reject(new Error(e.data.error));
      else p.resolve(e.data.result);
    };
    // a browser that cannot start it (no module workers): the pending requests run here instead
    worker.onerror = () => {
      worker?.terminate();
      worker = null;
      const again = [...waiting.values()];
      waiting.clear();
      for (const p of again) runLocal(p.req).then(p.resolve, p.reject);
    };
  } catch {
    worker = null;
  }
}

async function runLocal(req: PassRequest): Promise<unknown> {
  local ??= (await import('./pass-host')).passHost();
  return local(req);
}

export async function passCall<K extends PassOp>(op: K, args: PassOps[K][0]): Promise<PassOps[K][1]> {
  start();
  const req = { op, args } as PassRequest;
  if (!worker) return (await runLocal(req)) as PassOps[K][1];
  const id = next++;
  const w = worker;
  return new Promise((resolve, reject) => {
    waiting.set(id, { req, resolve: resolve as (v: unknown) => void, reject });
    w.postMessage({ id, req });
  });
}
