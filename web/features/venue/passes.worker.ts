// The venue's search worker: keeps the phone's pass copy off the main thread (pass-host.ts, docs/decisions/152).
import { type PassRequest, passHost } from './pass-host';

const handle = passHost();

self.onmessage = (e: MessageEvent<{ id: number; req: PassRequest }>) => {
  const { id, req } = e.data;
  handle(req).then(
    (result) => self.postMessage({ id, result }),
    (error: unknown) => self.postMessage({ id, error: String(error) }),
  );
};
