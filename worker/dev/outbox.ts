import { desc, eq } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { emailOutbox } from '../../schema/index';
import type { AppEnv } from '../env';
import { getConfig } from '../lib/config';
import { getDb } from '../lib/db';
import { notFound, say } from '../lib/errors';
import { escapeHtml, mailSettled } from '../lib/mail';

/** Local mode's email outbox (JSON at /api/dev/outbox and a page at /dev/outbox). 404 outside local mode. */
const localOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!getConfig(c.env).isLocal) throw notFound(say('notFound'));
  await next();
};

async function outbox(env: AppEnv['Bindings'], to: string | undefined) {
  await mailSettled(); // mail still being written after an answer (forgotPasswd) is shown too
  const db = getDb(env);
  const query = db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(200);
  const rows = to ? await query.where(eq(emailOutbox.toAddr, to.trim().toLowerCase())).all() : await query.all();
  return rows.map((r) => ({
    id: r.id,
    to: r.toAddr,
    subject: r.subject,
    text: r.text,
    html: r.html,
    sentAt: r.createdAt,
  }));
}

export const devApi = new Hono<AppEnv>()
  .use('*', localOnly)
  .get('/outbox', async (c) => c.json({ data: await outbox(c.env, c.req.query('to')) }));

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:1rem auto;padding:0 1rem;color:#1a1a1a}
article{border:1px solid #ccc;border-radius:8px;padding:.75rem 1rem;margin:.75rem 0}
h2{font-size:1.05rem;margin:.2rem 0}.meta{color:#555;font-size:.85rem}a{color:#8a1538}</style></head>
<body>${body}</body></html>`;

export const devPages = new Hono<AppEnv>().use('*', localOnly).get('/outbox', async (c) => {
  const to = c.req.query('to');
  const mails = await outbox(c.env, to);
  const list = mails
    .map(
      (m) => `<article data-testid="mail"><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${new Date(m.sentAt).toISOString()}</p>
<div class="body">${m.html}</div></article>`,
    )
    .join('\n');
  const heading = `<h1>Outbox</h1><p class="meta">Emails the app sent in local mode, newest first${to ? ` to ${escapeHtml(to)}` : ''}.
<a href="/dev/outbox">All</a></p><form><label>Recipient <input name="to" value="${escapeHtml(to ?? '')}"></label> <button>Filter</button></form>`;
  return c.html(page('Outbox', heading + (list || '<p>No emails yet.</p>')));
});
