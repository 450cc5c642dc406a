// Production's `@samiti/local-tools` (wrangler.toml [env.production.alias]): no test gateway in the bundle.
import type { Hono } from 'hono';
import type { AppEnv } from '../env';
import type { InProcessFetch } from '../lib/local-tools';

export const localGatewayRoutes: Hono<AppEnv> | null = null;
export const localGatewayFetch: InProcessFetch | null = null;
