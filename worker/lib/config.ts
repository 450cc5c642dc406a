import * as z from 'zod';
import type { Bindings } from '../env';

const LOCAL_DEFAULTS = {
  PASSWORD_PEPPER: 'local-dev-pepper',
  RAZORPAY_KEY_ID: 'rzp_test_local',
  RAZORPAY_KEY_SECRET: 'local-test-secret',
  RAZORPAY_WEBHOOK_SECRET: 'local-webhook-secret',
} as const;

/** Local mode's channel keys (wrangler.toml's top level): a production Worker with one of them refuses to start. */
const LOCAL_CHANNEL_SECRETS = {
  WHATSAPP_TOKEN: 'local-whatsapp-token',
  WHATSAPP_APP_SECRET: 'local-whatsapp-app-secret',
  VAPID_PRIVATE_KEY: '31Gf2c5OnlI8C7Plz_hYHZe-W6CBIZoK2j7CINMwRew',
} as const;

const schema = z
  .object({
    // Production unless told otherwise: only wrangler.toml's top level (wrangler dev, the tests) says local,
    // and local mode is refused on a public host (app.ts). A deploy that forgets APP_ENV fails closed.
    APP_ENV: z.enum(['local', 'production']).default('production'),
    APP_URL: z.url().optional(),
    // local mode only: `off` starts without the demo accounts and catalogue (a production-like empty database)
    DEMO_SEED: z.enum(['on', 'off']).default('on'),
    PASSWORD_PEPPER: z.string().min(8).default(LOCAL_DEFAULTS.PASSWORD_PEPPER),
    RAZORPAY_KEY_ID: z.string().min(1).default(LOCAL_DEFAULTS.RAZORPAY_KEY_ID),
    RAZORPAY_KEY_SECRET: z.string().min(1).default(LOCAL_DEFAULTS.RAZORPAY_KEY_SECRET),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(1).default(LOCAL_DEFAULTS.RAZORPAY_WEBHOOK_SECRET),
    // "local" selects the built-in test gateway; otherwise Razorpay's API base URL.
    RAZORPAY_BASE_URL: z.union([z.literal('local'), z.url()]).default('local'),
    MAIL_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
    MAIL_API_URL: z.url().optional(),
    MAIL_API_KEY: z.string().optional(),
    MAIL_FROM: z.string().min(3).default('Samiti <no-reply@example.org>'),
    // where replies to a rejection reach the committee (default: the email in web/content/association.json)
    MAIL_REPLY_TO: z.email().optional(),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    ABANDON_AFTER_MINUTES: z.coerce.number().int().min(5).max(10_080).default(60),
    // how long a direct transfer holds a sponsorship item before its transaction id is shared
    TRANSFER_HOLD_HOURS: z.coerce.number().int().min(1).max(168).default(24),
    // an unpaid direct transfer (no transaction id shared) is reminded once after this many days, given up after
    // TRANSFER_EXPIRE_DAYS (docs/decisions/084)
    TRANSFER_REMINDER_DAYS: z.coerce.number().int().min(1).max(60).default(2),
    TRANSFER_EXPIRE_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    // WhatsApp Business Cloud API (docs/channels.md): `none` offers no WhatsApp, `local` the built-in stand-in
    WHATSAPP_PROVIDER: z.enum(['none', 'local', 'cloud']).default('none'),
    WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v23.0'),
    WHATSAPP_PHONE_NUMBER_ID: z
      .string()
      .regex(/^\d{5,20}$/)
      .optional(),
    WHATSAPP_TOKEN: z.string().min(8).optional(),
    WHATSAPP_APP_SECRET: z.string().min(8).optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().min(8).optional(),
    // Web push (RFC 8292): the VAPID key pair, base64url (public: 65 bytes, private: 32); without both, no push
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/)
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/)
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:)/)
      .default('mailto:committee@example.org'),
  })
  .superRefine((c, ctx) => {
    if (c.APP_ENV !== 'production') return;
    for (const [key, local] of Object.entries(LOCAL_DEFAULTS)) {
      if (c[key as keyof typeof LOCAL_DEFAULTS] === local) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'must be set to a real secret in production' });
      }
    }
    if (c.RAZORPAY_BASE_URL === 'local') {
      ctx.addIssue({ code: 'custom', path: ['RAZORPAY_BASE_URL'], message: 'the test gateway is local only' });
    }
    if (c.MAIL_PROVIDER === 'http' && (!c.MAIL_API_URL || !c.MAIL_API_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_API_KEY'], message: 'MAIL_API_URL and MAIL_API_KEY are required' });
    }
    for (const [key, local] of Object.entries(LOCAL_CHANNEL_SECRETS)) {
      if (c[key as keyof typeof LOCAL_CHANNEL_SECRETS] === local) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'is the local key: set a real one in production' });
      }
    }
    if (c.WHATSAPP_PROVIDER === 'local') {
      ctx.addIssue({ code: 'custom', path: ['WHATSAPP_PROVIDER'], message: 'the WhatsApp stand-in is local only' });
    }
    if (
      c.WHATSAPP_PROVIDER === 'cloud' &&
      (!c.WHATSAPP_PHONE_NUMBER_ID || !c.WHATSAPP_TOKEN || !c.WHATSAPP_APP_SECRET)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['WHATSAPP_TOKEN'],
        message: 'WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN and WHATSAPP_APP_SECRET are required',
      });
    }
  });

export type Config = z.infer<typeof schema> & { isLocal: boolean };

const cache = new WeakMap<object, Config>();

/** Parses the environment once per env object; a misconfigured production Worker fails loudly. */
export function getConfig(env: Bindings): Config {
  const hit = cache.get(env);
  if (hit) return hit;
  const raw: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(env)) if (typeof v === 'string' && v !== '') raw[k] = v;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const what = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${what}`);
  }
  const config = { ...parsed.data, isLocal: parsed.data.APP_ENV === 'local' };
  cache.set(env, config);
  return config;
}

/**
 * Hosts where local mode (outbox, test gateway, demo accounts) may answer: loopback, *.localhost and
 * private LAN addresses (a developer's phone on the same Wi-Fi). Never a public name or address.
 */
export function isLocalHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h === '0.0.0.0') return true;
  const m = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(h);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
}
