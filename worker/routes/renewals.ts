// The membership year: renewal offer, email choices, unsubscribe, reminder campaigns, report.
// requireRole runs before input(): without the role a caller learns nothing. The read calls send the session
// lookup with their reads in one batch (session: 'batch', docs/decisions/111).
import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono/tiny';
import { emptyBody } from '../../core/contracts/common';
import {
  campaignRequest,
  devMembershipRequest,
  emailPrefsRequest,
  renewalReportRequest,
  renewalRequest,
  unsubscribeRequest,
} from '../../core/contracts/renewals';
import type { AppEnv } from '../env';
import { getConfig } from '../lib/config';
import { notFound, say } from '../lib/errors';
import { call } from '../lib/call';
import { actorOf } from '../lib/session';
import { svc } from '../lib/svc';
import * as renewals from '../services/channels/renewals';

/** The local-only tools answer 404 elsewhere, as an unknown path would. */
const localOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!getConfig(c.env).isLocal) throw notFound(say('notFound'));
  await next();
};

export const renewalRoutes = new Hono<AppEnv>()
  // ---- members ----
  .post('/getRenewal', ...call({ role: 'user', session: 'batch', body: renewalRequest }), async (c) => {
    return c.json({ data: await renewals.getRenewal(svc(c), c.req.valid('json')) });
  })
  .post('/getEmailPrefs', ...call({ role: 'user', session: 'batch', body: emptyBody }), async (c) => {
    return c.json({ data: await renewals.getEmailPrefs(svc(c)) });
  })
  .post('/setEmailPrefs', ...call({ role: 'user', body: emailPrefsRequest }), async (c) => {
    return c.json({ data: await renewals.setEmailPrefs(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // ---- unsubscribe: the signed link is the authority, no session ----
  .post('/unsubscribe', ...call({ role: 'public', body: unsubscribeRequest }), async (c) => {
    return c.json({ data: await renewals.unsubscribe(svc(c), { token: c.req.valid('json').token, via: 'link' }) });
  })
  // ---- admins: reminder campaigns and the renewal report ----
  .post('/getReminderAudience', ...call({ role: 'admin', session: 'batch', body: emptyBody }), async (c) => {
    return c.json({ data: await renewals.reminderAudience(svc(c)) });
  })
  .post('/previewReminder', ...call({ role: 'admin', session: 'batch', body: emptyBody }), async (c) => {
    return c.json({ data: await renewals.previewReminder(svc(c)) });
  })
  .post('/sendReminderTest', ...call({ role: 'admin', body: emptyBody }), async (c) => {
    return c.json({ data: await renewals.sendReminderTest(svc(c), actorOf(c)) });
  })
  .post('/startReminderCampaign', ...call({ role: 'admin', body: emptyBody }), async (c) => {
    return c.json({ data: await renewals.startCampaign(svc(c), actorOf(c)) });
  })
  .post('/stopReminderCampaign', ...call({ role: 'admin', body: campaignRequest }), async (c) => {
    return c.json({ data: await renewals.stopCampaign(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getRenewalReport', ...call({ role: 'admin', session: 'batch', body: renewalReportRequest }), async (c) => {
    return c.json({ data: await renewals.renewalReport(svc(c), c.req.valid('json')) });
  });

/**
 * The calls no screen makes (mail providers' one-click unsubscribe, the local-only reminder step): app.ts mounts
 * them outside the web's call map (AppType), so the typed client cannot name them.
 */
export const renewalOutsideRoutes = new Hono<AppEnv>()
  // RFC 8058 one-click: mail providers POST `List-Unsubscribe=One-Click` (form-encoded) to the header's URL.
  // A missing or malformed token is refused by the service's token check (InvalidLink), before any read.
  .post('/unsubscribe/oneClick', ...call({ role: 'public', body: 'raw' }), async (c) => {
    return c.json({
      data: await renewals.unsubscribe(svc(c), { token: c.req.query('token') ?? '', via: 'one-click' }),
    });
  })
  // A mail client that opens the header's URL instead of posting to it gets the page that asks nothing more.
  .get('/unsubscribe/oneClick', ...call({ role: 'public', body: 'raw' }), (c) => {
    const token = c.req.query('token') ?? '';
    return c.redirect(`/unsubscribe?token=${encodeURIComponent(token.slice(0, 200))}`, 303);
  })
  // ---- local only: run the cron's reminder step now; give the caller a paid membership of last year ----
  .post('/devSendReminders', ...call({ role: 'public', body: 'raw' }), localOnly, async (c) => {
    return c.json({ data: await renewals.sendReminderBatch(svc(c)) });
  })
  .post('/devLastYearMembership', ...call({ role: 'user', body: devMembershipRequest }), localOnly, async (c) => {
    return c.json({ data: await renewals.devLastYearMembership(svc(c), actorOf(c), c.req.valid('json')) });
  });
