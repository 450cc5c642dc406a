import type { D1Database, ExecutionContext, Fetcher } from '@cloudflare/workers-types';
import type { CallSpec } from './lib/call';
import type { Actor } from './lib/session';

/** The Worker's bindings and variables, as wrangler.toml and secrets provide them (parsed in lib/config.ts). */
export type Bindings = {
  DB: D1Database;
  /** Cloudflare rate limiting bindings (wrangler.toml [[ratelimits]]), keyed per client address. */
  AUTH_RATE_LIMITER?: RateLimiter;
  MAIL_RATE_LIMITER?: RateLimiter;
  ASSETS?: Fetcher;
  APP_ENV?: string;
  APP_URL?: string;
  /** local mode only: `off` starts without the demo accounts and catalogue (README's configuration) */
  DEMO_SEED?: string;
  PASSWORD_PEPPER?: string;
  RAZORPAY_KEY_ID?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
  RAZORPAY_BASE_URL?: string;
  MAIL_PROVIDER?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  MAIL_REPLY_TO?: string;
  SESSION_TTL_DAYS?: string;
  ABANDON_AFTER_MINUTES?: string;
  TRANSFER_HOLD_HOURS?: string;
  TRANSFER_REMINDER_DAYS?: string;
  TRANSFER_EXPIRE_DAYS?: string;
  WHATSAPP_PROVIDER?: string;
  WHATSAPP_API_URL?: string;
  WHATSAPP_PHONE_NUMBER_ID?: string;
  WHATSAPP_TOKEN?: string;
  WHATSAPP_APP_SECRET?: string;
  WHATSAPP_VERIFY_TOKEN?: string;
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
};

export type RateLimiter = { limit(options: { key: string }): Promise<{ success: boolean }> };

export type Variables = {
  requestId: string;
  actor: Actor | null;
  /** the call's declaration (worker/lib/call.ts), set by its first middleware */
  call: CallSpec;
};

export type AppEnv = { Bindings: Bindings; Variables: Variables };
export type { ExecutionContext };
