// Local mode's tools: the Razorpay test gateway, the email outbox, WhatsApp's and web push's stand-ins and the
// demo seeding. app.ts imports this
// module only where wrangler.toml's `define` sets __LOCAL_TOOLS__ (local builds, wrangler dev, the tests);
// production's define is false and esbuild leaves the whole folder out of the deployed bundle
// (docs/decisions/075). Each tool answers 404 outside local mode as well.
import { Hono } from 'hono';
import openapi from '../../docs/api/openapi.json';
import type { AppEnv } from '../env';
import { getConfig } from '../lib/config';
import { notFound, say } from '../lib/errors';
import type { InProcessFetch } from '../lib/local-tools';
import { devApi, devPages } from './outbox';
import { pushApi, pushPage, pushStandIn } from './push';
import { gatewayApi, testGateway } from './test-gateway';
import { gatewayRefundControls, gatewayRefundsApi } from './test-gateway-refunds';
import { whatsappApi, whatsappPage, whatsappStandIn } from './whatsapp';

export { ensureSeeded } from '../services/seed';

/**
 * Everything app.ts hands over under /dev/* and /api/dev/*: the outbox page and API, the OpenAPI document, and at
 * /dev/razorpay the gateway's checkout script and page, pay, refund controls and REST API. app.ts gives it its own
 * not-found answer; errors go back to the app's handler.
 */
export const localToolsApp = new Hono<AppEnv>()
  .route('/dev', devPages)
  .route(
    '/dev/razorpay',
    new Hono<AppEnv>().route('/', testGateway).route('/', gatewayRefundControls).route('/', gatewayRefundsApi),
  )
  // the channels' stand-ins: WhatsApp's Cloud API and a web push service, their pages and JSON
  .route('/dev/whatsapp', whatsappPage)
  .route('/dev/whatsapp', whatsappStandIn)
  .route('/dev/push', pushPage)
  .route('/dev/push', pushStandIn)
  .route('/api/dev', devApi)
  .route('/api/dev/whatsapp', whatsappApi)
  .route('/api/dev/push', pushApi)
  // the API reference made from the calls' declarations (docs/decisions/269), for a developer's tools
  .get('/api/dev/openapi.json', (c) => {
    if (!getConfig(c.env).isLocal) throw notFound(say('notFound'));
    return c.json(openapi);
  })
  .onError((err) => {
    throw err;
  });

/** The REST API (orders, payments, capture, refunds) as the Razorpay client reaches it in local mode. */
const api = new Hono<AppEnv>().route('/', gatewayApi).route('/', gatewayRefundsApi);
export const localGatewayFetch: InProcessFetch = (req, env, ctx) =>
  api.fetch(req, env, ctx as never) as Promise<Response>;
