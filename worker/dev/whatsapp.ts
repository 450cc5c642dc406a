// Local mode's WhatsApp Business Cloud API (WHATSAPP_PROVIDER=local, docs/channels.md): the same request and
// answer shapes as graph.facebook.com's POST /<version>/<phone-number-id>/messages, refusing what Meta refuses (a
// wrong token, a number that is not a phone number, free text outside a conversation, an unknown template or
// language, a wrong number of parameters, a parameter Meta would not take), and Meta's webhooks back to the app:
// delivery statuses (a number set as "not on WhatsApp" fails with 131026) and replies (STOP). The messages show at
// /dev/whatsapp and as JSON at /api/dev/whatsapp. Never in production builds (docs/decisions/075).
import { desc, eq } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { TOPICS, WA_TEMPLATES, type WaTemplate } from '../../core/channels';
import { format } from '../../core/i18n';
import { notifyBn } from '../../core/messages/notify.bn';
import { notifyEn } from '../../core/messages/notify.en';
import { devChannelFlags, devWhatsappMessages } from '../../schema/index';
import type { AppEnv, Bindings } from '../env';
import { getConfig } from '../lib/config';
import { hmacSha256Hex, randomToken } from '../lib/crypto';
import { runBatch } from '../lib/d1-batch';
import { getDb } from '../lib/db';
import { notFound, say } from '../lib/errors';
import { localApp } from '../lib/local-tools';
import { escapeHtml, mailSettled } from '../lib/mail';

const localOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!getConfig(c.env).isLocal) throw notFound(say('notFound'));
  await next();
};

/** Meta's error body: `(#code) title`, OAuthException, the details in error_data, a trace id. */
const metaError = (code: number, title: string, details?: string) => ({
  error: {
    message: `(#${code}) ${title}`,
    type: 'OAuthException',
    code,
    ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
    fbtrace_id: `A${randomToken(12)}`,
  },
});

type Flags = { fail: number; code: number; unreachable: string[] };

async function flags(env: Bindings): Promise<Flags> {
  const row = await getDb(env).select().from(devChannelFlags).where(eq(devChannelFlags.key, 'whatsapp')).get();
  return { fail: 0, code: 131000, unreachable: [], ...(row ? (JSON.parse(row.value) as Partial<Flags>) : {}) };
}

async function setFlags(env: Bindings, f: Flags) {
  await runBatch(getDb(env), [
    getDb(env)
      .insert(devChannelFlags)
      .values({ key: 'whatsapp', value: JSON.stringify(f) })
      .onConflictDoUpdate({ target: devChannelFlags.key, set: { value: JSON.stringify(f) } }),
  ]);
}

type Param = { type?: unknown; text?: unknown };
type Component = { type?: unknown; sub_type?: unknown; index?: unknown; parameters?: Param[] };
type Body = {
  messaging_product?: unknown;
  to?: unknown;
  type?: unknown;
  template?: { name?: unknown; language?: { code?: unknown }; components?: Component[] };
};

/** What Meta answers to this request: an error (status and body) or null when it would accept it. */
function refusal(body: Body): [number, ReturnType<typeof metaError>] | null {
  if (body.messaging_product !== 'whatsapp') {
    return [400, metaError(100, 'Invalid parameter', 'The parameter messaging_product is required.')];
  }
  if (typeof body.to !== 'string' || !/^\+?[1-9]\d{7,14}$/.test(body.to)) {
    return [
      400,
      metaError(100, 'Invalid parameter', 'The parameter to must be a phone number in international format.'),
    ];
  }
  if (body.type !== 'template') {
    // a business may start a conversation with a template only; free text needs the member's message first
    return [
      400,
      metaError(131047, 'Re-engagement message', 'More than 24 hours have passed since the recipient last replied.'),
    ];
  }
  const t = body.template;
  const name = String(t?.name ?? '');
  const lang = String(t?.language?.code ?? '');
  if (!(name in WA_TEMPLATES) || !['en', 'bn'].includes(lang)) {
    return [
      404,
      metaError(
        132001,
        'Template name does not exist in the translation',
        `template name (${name}) does not exist in ${lang}`,
      ),
    ];
  }
  const comps = Array.isArray(t?.components) ? t.components : [];
  const bodyParams = comps.filter((c) => c.type === 'body').flatMap((c) => c.parameters ?? []);
  const expected = WA_TEMPLATES[name as WaTemplate].length;
  if (bodyParams.length !== expected) {
    return [
      400,
      metaError(
        132000,
        'Number of parameters does not match the expected number of params',
        `body: number of localizable_params (${bodyParams.length}) does not match the expected number of params (${expected})`,
      ),
    ];
  }
  const buttons = comps.filter((c) => c.type === 'button');
  const button = buttons[0];
  if (
    buttons.length !== 1 ||
    button?.sub_type !== 'url' ||
    String(button.index) !== '0' ||
    button.parameters?.length !== 1
  ) {
    return [
      400,
      metaError(
        132000,
        'Number of parameters does not match the expected number of params',
        'button: the template has one URL button (index 0) with one parameter',
      ),
    ];
  }
  for (const p of [...bodyParams, ...(button.parameters ?? [])]) {
    if (p.type !== 'text' || typeof p.text !== 'string' || p.text.length === 0) {
      return [400, metaError(131008, 'Required parameter is missing', 'Each parameter needs type text and a text.')];
    }
    if (/[\n\t]| {5}/.test(p.text)) {
      return [
        400,
        metaError(
          132018,
          'There was an issue with the parameters in your template.',
          'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
        ),
      ];
    }
    if (p.text.length > 1024) return [400, metaError(132005, 'Translated text too long', 'A parameter is too long.')];
  }
  return null;
}

/** The text the member sees: the approved template's body with its parameters filled in. */
function rendered(body: Body): string {
  const t = body.template!;
  const name = t.name as WaTemplate;
  const names = WA_TEMPLATES[name];
  const values = (t.components ?? []).filter((c) => c.type === 'body').flatMap((c) => c.parameters ?? []);
  const params = Object.fromEntries(names.map((n, i) => [n, String(values[i]?.text ?? '')]));
  const topic = Object.entries(TOPICS).find(([, template]) => template === name)![0];
  const cat = t.language?.code === 'bn' ? notifyBn : notifyEn;
  const key = `notify.${topic}.body` as keyof typeof notifyEn;
  const buttonKey = `notify.${topic}.button` as keyof typeof notifyEn;
  return `${format(cat[key], params)}\n[${cat[buttonKey]}]`;
}
/** Signs a webhook body with the app secret and posts it to the app, as Meta does. */
async function toApp(env: Bindings, value: object) {
  const config = getConfig(env);
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '100000000000009',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550001111', phone_number_id: config.WHATSAPP_PHONE_NUMBER_ID },
              ...value,
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${await hmacSha256Hex(config.WHATSAPP_APP_SECRET ?? '', body)}`;
  const res = await localApp()(
    new Request('http://localhost/api/webhooks/whatsapp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body,
    }),
    env,
  );
  return { status: res.status, body: await res.json() };
}

const seconds = () => String(Math.floor(Date.now() / 1000));

/** The Cloud API itself, at /dev/whatsapp/<version>/<phone-number-id>/messages, and the developer's switches. */
export const whatsappStandIn = new Hono<AppEnv>()
  .use('*', localOnly)
  .post('/:version/:phoneId/messages', async (c) => {
    const config = getConfig(c.env);
    if (c.req.header('authorization') !== `Bearer ${config.WHATSAPP_TOKEN}`) {
      return c.json(metaError(190, 'Invalid OAuth access token - Cannot parse access token'), 401);
    }
    if (c.req.param('phoneId') !== config.WHATSAPP_PHONE_NUMBER_ID) {
      return c.json(
        metaError(100, 'Invalid parameter', `Object with ID '${c.req.param('phoneId')}' does not exist`),
        400,
      );
    }
    const f = await flags(c.env);
    if (f.fail > 0) {
      await setFlags(c.env, { ...f, fail: f.fail - 1 });
      const status = f.code === 130429 ? 429 : f.code === 131000 ? 500 : 400;
      return c.json(metaError(f.code, f.code === 130429 ? 'Rate limit hit' : 'Something went wrong'), status);
    }
    const body = (await c.req.json().catch(() => ({}))) as Body;
    const refused = refusal(body);
    if (refused) return c.json(refused[1], refused[0] as 400);
    const to = String(body.to).replace(/^\+/, '');
    const wamid = `wamid.${randomToken(24)}`;
    await runBatch(getDb(c.env), [
      getDb(c.env)
        .insert(devWhatsappMessages)
        .values({
          wamid,
          toNumber: `+${to}`,
          template: String(body.template!.name),
          lang: String(body.template!.language!.code),
          text: rendered(body),
          request: JSON.stringify(body),
          status: f.unreachable.includes(`+${to}`) ? 'undeliverable' : 'accepted',
          createdAt: Date.now(),
        }),
    ]);
    return c.json({
      messaging_product: 'whatsapp',
      contacts: [{ input: String(body.to), wa_id: to }],
      messages: [{ id: wamid, message_status: 'accepted' }],
    });
  })
  /** {fail: n, code}: the next n sends fail with Meta's code; {unreachable: [numbers]}: those are not on WhatsApp. */
  .post('/mode', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Partial<Flags>;
    const next = { ...(await flags(c.env)), ...body };
    await setFlags(c.env, next);
    return c.json(next);
  })
  /** Meta's status webhooks for the messages not reported yet: delivered, or failed (131026) for the unreachable. */
  .post('/flush', async (c) => {
    const db = getDb(c.env);
    const rows = await db.select().from(devWhatsappMessages).all();
    const pending = rows.filter((r) => r.status === 'accepted' || r.status === 'undeliverable');
    const statuses = pending.map((r) =>
      r.status === 'undeliverable'
        ? {
            id: r.wamid,
            status: 'failed',
            timestamp: seconds(),
            recipient_id: r.toNumber.slice(1),
            errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }],
          }
        : { id: r.wamid, status: 'delivered', timestamp: seconds(), recipient_id: r.toNumber.slice(1) },
    );
    for (const r of pending) {
      await runBatch(db, [
        db
          .update(devWhatsappMessages)
          .set({ status: r.status === 'undeliverable' ? 'failed' : 'delivered' })
          .where(eq(devWhatsappMessages.id, r.id)),
      ]);
    }
    return c.json(statuses.length ? await toApp(c.env, { statuses }) : { status: 200, body: { data: {} } });
  })
  /** A member's reply from their phone, as Meta's messages webhook (e.g. {from: "+919800000002", text: "STOP"}). */
  .post('/reply', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { from?: string; text?: string };
    const from = String(body.from ?? '').replace(/^\+/, '');
    return c.json(
      await toApp(c.env, {
        contacts: [{ profile: { name: 'Member' }, wa_id: from }],
        messages: [
          { from, id: `wamid.${randomToken(24)}`, timestamp: seconds(), type: 'text', text: { body: body.text ?? '' } },
        ],
      }),
    );
  });

async function messages(env: Bindings, to: string | undefined) {
  await mailSettled(); // messages still being sent after an answer are shown too
  const query = getDb(env).select().from(devWhatsappMessages).orderBy(desc(devWhatsappMessages.id)).limit(200);
  const rows = to ? await query.where(eq(devWhatsappMessages.toNumber, to)).all() : await query.all();
  return rows.map((r) => ({
    id: r.wamid,
    to: r.toNumber,
    template: r.template,
    lang: r.lang,
    text: r.text,
    status: r.status,
    request: JSON.parse(r.request) as Body,
    sentAt: r.createdAt,
  }));
}

/** GET /api/dev/whatsapp?to=+91...: what the stand-in accepted, newest first. */
export const whatsappApi = new Hono<AppEnv>()
  .use('*', localOnly)
  .get('/', async (c) => c.json({ data: await messages(c.env, c.req.query('to')) }));

/** /dev/whatsapp: the messages as a phone would show them. */
export const whatsappPage = new Hono<AppEnv>().use('*', localOnly).get('/', async (c) => {
  const to = c.req.query('to');
  const list = (await messages(c.env, to))
    .map(
      (m) => `<article data-testid="whatsapp-message"><p class="meta">To <strong>${escapeHtml(m.to)}</strong> ·
${escapeHtml(m.template)} (${escapeHtml(m.lang)}) · ${escapeHtml(m.status)} · ${new Date(m.sentAt).toISOString()}</p>
<p class="bubble" lang="${m.lang}">${escapeHtml(m.text).replace(/\n/g, '<br>')}</p></article>`,
    )
    .join('\n');
  return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>WhatsApp stand-in</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:1rem auto;padding:0 1rem;background:#efeae2}
article{margin:.75rem 0}.meta{color:#555;font-size:.8rem;margin:.2rem 0}
.bubble{background:#d9fdd3;border-radius:8px;padding:.5rem .75rem;margin:0;white-space:normal;max-width:90%}</style></head>
<body><h1>WhatsApp stand-in</h1><p class="meta">Template messages the app sent in local mode, newest first${
    to ? ` to ${escapeHtml(to)}` : ''
  }. <a href="/dev/whatsapp">All</a></p>${list || '<p>No messages yet.</p>'}</body></html>`);
});
