// The built-in stand-ins of local mode (worker/dev/: the Razorpay test gateway) are registered here by the
// composition root (app.ts), so that no service imports them (docs/decisions/075). Production builds set
// __LOCAL_TOOLS__ to false: app.ts registers nothing and worker/dev/ is not in the deployed bundle at all.
import type { Bindings } from '../env';

export type ExecutionContextLike = { waitUntil(p: Promise<unknown>): void; passThroughOnException(): void };
/** A Hono app reached in-process, as fetch would reach it over the network. */
export type InProcessFetch = (req: Request, env: Bindings, ctx?: ExecutionContextLike) => Promise<Response>;

let gateway: InProcessFetch | null = null;
let appFetch: InProcessFetch | null = null;

/** app.ts: the test gateway's API (Razorpay's shapes) and the app itself (for the gateway's webhooks). */
export function registerLocalTools(tools: { gateway: InProcessFetch; app: InProcessFetch }) {
  gateway = tools.gateway;
  appFetch = tools.app;
}

/** The Razorpay transport of RAZORPAY_BASE_URL=local: the built-in test gateway, in-process. */
export function localGateway(): InProcessFetch {
  if (!gateway)
    throw new Error('The built-in test gateway is not part of this build: set RAZORPAY_BASE_URL to Razorpay.');
  return gateway;
}

/**
 * The app, for the test gateway's webhooks (delivered in-process, signed as Razorpay signs them). Called without an
 * execution context, what the app defers (a webhook's WhatsApp and push drain) is awaited before the answer
 * returns: left to run on its own, it outlived the caller's request, whose end froze its I/O mid-send.
 */
export function localApp(): InProcessFetch {
  const app = appFetch;
  if (!app) throw new Error('The app is not registered with the local tools.');
  return async (req, env, ctx) => {
    if (ctx) return app(req, env, ctx);
    const deferred: Promise<unknown>[] = [];
    const res = await app(req, env, { waitUntil: (p) => deferred.push(p), passThroughOnException: () => {} });
    await Promise.allSettled(deferred);
    return res;
  };
}
