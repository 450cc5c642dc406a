import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { Hono } from 'hono/tiny';
import type { ErrorAnswer, ErrorCode } from '../core/contracts/errors';
import type { AppEnv } from './env';
import { benchRows } from './lib/bench-rows';
import { call } from './lib/call';
import { getConfig, isLocalHost } from './lib/config';
import { getDb } from './lib/db';
import { DomainError, notFound, type Said, say } from './lib/errors';
import { MAX_BODY_BYTES } from './lib/input';
import { registerLocalTools } from './lib/local-tools';
import { log } from './lib/log';
import { securityHeaders } from './lib/security-headers';
import { accountsRoutes } from './routes/accounts';
import { adminRoutes } from './routes/admin';
import { cartRoutes } from './routes/cart';
import { catalogueRoutes } from './routes/catalogue';
import { capacityRoutes } from './routes/capacity';
import { channelOutsideRoutes, channelRoutes } from './routes/channels';
import { checkoutRoutes, webhookRoutes } from './routes/checkout';
import { gateRoutes } from './routes/gate';
import { receiptRoutes } from './routes/receipts';
import { refundRoutes } from './routes/refunds';
import { renewalOutsideRoutes, renewalRoutes } from './routes/renewals';
import { venueRoutes } from './routes/venue';

/** wrangler.toml's `define`: true in local builds (wrangler dev, the tests), false in production's. */
declare const __LOCAL_TOOLS__: boolean;

// Local mode's tools (worker/dev/: test gateway, outbox, demo seeding), loaded on first use. In production
// the condition is the constant false, so esbuild drops the import and worker/dev/ is not in the bundle
// (docs/decisions/075; tests/unit/production-bundle.test.ts checks it).
let localTools: Promise<typeof import('./dev/index')> | null = null;
const loadLocalTools = __LOCAL_TOOLS__
  ? () =>
      (localTools ??= import('./dev/index').then((tools) => {
        tools.localToolsApp.notFound(answerNotFound); // a path none of them has: as any other
        return tools;
      }))
  : null;

/**
 * The calls the web makes. Their type is AppType, from which the web's call map is derived (web/lib/calls.ts,
 * docs/decisions/269): a route mounted here is a call the typed client may name, with the body and answer it
 * declares.
 */
export const webCalls = new Hono<AppEnv>()
  .route('/', accountsRoutes)
  .route('/', adminRoutes)
  .route('/', catalogueRoutes)
  .route('/', cartRoutes)
  .route('/', checkoutRoutes)
  .route('/', venueRoutes)
  .route('/', gateRoutes)
  .route('/', renewalRoutes)
  .route('/', refundRoutes)
  .route('/', receiptRoutes)
  .route('/', channelRoutes)
  .route('/', capacityRoutes);

/**
 * The calls others make: the benchmark's floor (and the connectivity probe's), Razorpay's and WhatsApp's webhooks,
 * mail providers' one-click unsubscribe, local mode's senders. Declared like every call, but outside AppType, so
 * the web's call map holds none of them without a list of names to leave out.
 */
const outsideCalls = new Hono<AppEnv>()
  // the benchmark's floor: routing and envelope, no database
  .post('/noop', ...call({ role: 'public', body: 'raw' }), (c) => c.json({ data: {} }))
  .route('/', webhookRoutes)
  .route('/', renewalOutsideRoutes)
  .route('/', channelOutsideRoutes);

const api = new Hono<AppEnv>().route('/', webCalls).route('/', outsideCalls);

/**
 * An error answer's body built here rather than by a DomainError; its code is one of the list (decision 177), its
 * message by key beside the English desc (decision 195); a text without a key (hono's own) is said as it is.
 */
const errorAnswer = (error: ErrorCode, desc: string | Said): ErrorAnswer =>
  typeof desc === 'string' ? { error, desc } : { error, desc: desc.text, key: desc.key, params: desc.params };

export const app = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    // Local mode serves the open outbox, the test gateway and the demo accounts: never on a public host.
    if (getConfig(c.env).isLocal && !isLocalHost(new URL(c.req.url).hostname)) {
      log('error', 'config.local_on_public_host', { host: new URL(c.req.url).hostname });
      return c.json(errorAnswer('Misconfigured', say('server.localOnly')), 503);
    }
    await next();
  })
  .use('*', async (c, next) => {
    const started = Date.now();
    c.set('requestId', crypto.randomUUID());
    await next();
    if (c.req.path !== '/api/noop') {
      log('info', 'request', {
        id: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Date.now() - started,
      });
    }
  })
  .use('*', securityHeaders)
  .use('/api/*', async (c, next) => {
    const config = getConfig(c.env);
    if (config.isLocal && config.DEMO_SEED === 'on' && loadLocalTools)
      await (await loadLocalTools()).ensureSeeded(getDb(c.env), config, c.env.DB);
    await next();
  })
  // Refuses a body over the limit while it is read (Content-Length or streamed), before it is all in memory.
  .use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new DomainError('PayloadTooLarge', say('request.tooLarge', { kb: MAX_BODY_BYTES / 1024 }), 413);
      },
    }),
  )
  // local-only rows_read measurement for npm run bench (X-Bench-Rows: 1); production builds leave it out
  .use('/api/*', __LOCAL_TOOLS__ ? benchRows : (_c, next) => next())
  .route('/api', api)
  .all('/dev/*', toLocalTools)
  .all('/api/dev/*', toLocalTools);

async function answerNotFound(c: Context<AppEnv>) {
  if (c.req.path.startsWith('/api/')) {
    return c.json(errorAnswer('NotFound', say('server.noSuchCall', { method: c.req.method, path: c.req.path })), 404);
  }
  // Anything else the Worker was asked for first goes to the static assets (SPA fallback).
  if (c.env.ASSETS) return c.env.ASSETS.fetch(c.req.raw as never) as unknown as Response;
  return c.text('Not found', 404);
}
app.notFound(answerNotFound);

/** /dev/* and /api/dev/*: local mode's tools, or 404 in a build without them (as outside local mode). */
async function toLocalTools(c: Context<AppEnv>, _next: Next) {
  if (!loadLocalTools) throw notFound(say('notFound'));
  const { localToolsApp } = await loadLocalTools();
  let ctx: Context['executionCtx'] | undefined;
  try {
    ctx = c.executionCtx;
  } catch {} // app.request() in tests passes none
  return localToolsApp.fetch(c.req.raw, c.env, ctx);
}

if (loadLocalTools) {
  registerLocalTools({
    gateway: async (req, env, ctx) => (await loadLocalTools()).localGatewayFetch(req, env, ctx),
    app: (req, env, ctx) => app.fetch(req, env, ctx as never) as Promise<Response>,
  });
}

app.onError((err, c) => {
  if (err instanceof DomainError) {
    // the catalogue's key beside the English desc: clients render it in their reader's language (decision 174)
    return c.json(errorAnswer(err.code, { key: err.key, params: err.params, text: err.message }), err.status);
  }
  if (err instanceof HTTPException && err.status < 500) {
    return c.json(errorAnswer('BadRequest', err.message || say('request.invalidJson')), err.status);
  }
  log('error', 'unhandled', {
    id: c.get('requestId'),
    path: c.req.path,
    error: String(err),
    stack: (err as Error).stack,
  });
  return c.json(errorAnswer('ServerError', say('server.error')), 500);
});

/** The calls the web makes, by path: their bodies and answers (web/lib/calls.ts derives the call map from it). */
export type AppType = typeof webCalls;
