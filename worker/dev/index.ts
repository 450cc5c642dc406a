// Local mode's stand-ins, imported by app.ts as `@samiti/local-tools` (wrangler.toml [alias]; production
// aliases it to ./none.ts). Each answers 404 outside local mode as well.
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import type { InProcessFetch } from '../lib/local-tools';
import { gatewayApi, testGateway } from './test-gateway';
import { gatewayRefundControls, gatewayRefundsApi } from './test-gateway-refunds';

/** Mounted at /dev/razorpay: the checkout script and page, pay, refund controls, and the REST API. */
export const localGatewayRoutes: Hono<AppEnv> | null = new Hono<AppEnv>()
  .route('/', testGateway)
  .route('/', gatewayRefundControls)
  .route('/', gatewayRefundsApi);

/** The REST API (orders, payments, capture, refunds) as the Razorpay client reaches it in local mode. */
const api = new Hono<AppEnv>().route('/', gatewayApi).route('/', gatewayRefundsApi);
export const localGatewayFetch: InProcessFetch | null = (req, env, ctx) =>
  api.fetch(req, env, ctx as never) as Promise<Response>;
