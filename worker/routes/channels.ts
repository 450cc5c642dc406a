// Channels beside email: a member's choices and phones, the admins' announcements and delivery records,
// volunteers' notices, WhatsApp's webhook. requireRole runs before input(): without the role a caller learns nothing.
import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono/tiny';
import {
  announcementRequest,
  announcementTextRequest,
  audienceRequest,
  channelPrefsRequest,
  createAnnouncementRequest,
  memberDeliveriesRequest,
  pushEndpointRequest,
  pushSubscriptionRequest,
} from '../../core/contracts/channels';
import { emptyBody } from '../../core/contracts/common';
import type { AppEnv } from '../env';
import { getConfig } from '../lib/config';
import { notFound, say } from '../lib/errors';
import { call } from '../lib/call';
import { actorOf } from '../lib/session';
import { svc } from '../lib/svc';
import * as announcements from '../services/channels/announcements';
import * as channels from '../services/channels/channels';
import { whatsappChallenge, whatsappWebhook } from '../services/channels/deliveries';

/** The local-only tools answer 404 elsewhere, as an unknown path would. */
const localOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!getConfig(c.env).isLocal) throw notFound(say('notFound'));
  await next();
};

export const channelRoutes = new Hono<AppEnv>()
  // ---- members: which channel carries which kind of message; this phone's notifications ----
  .post('/getChannelPrefs', ...call({ role: 'user', session: 'batch', body: emptyBody }), async (c) => {
    return c.json({ data: await channels.getChannelPrefs(svc(c)) });
  })
  .post('/setChannelPrefs', ...call({ role: 'user', session: 'batch', body: channelPrefsRequest }), async (c) => {
    return c.json({ data: await channels.setChannelPrefs(svc(c), c.req.valid('json')) });
  })
  .post('/savePushSubscription', ...call({ role: 'user', body: pushSubscriptionRequest }), async (c) => {
    return c.json({ data: await channels.savePushSubscription(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/removePushSubscription', ...call({ role: 'user', body: pushEndpointRequest }), async (c) => {
    return c.json({ data: await channels.removePushSubscription(svc(c), actorOf(c), c.req.valid('json')) });
  })
  // ---- admins: announcements and what reached whom ----
  .post('/getAnnouncements', ...call({ role: 'admin', session: 'batch', body: emptyBody }), async (c) => {
    return c.json({ data: await announcements.getAnnouncements(svc(c)) });
  })
  .post('/getAnnouncementAudience', ...call({ role: 'admin', session: 'batch', body: audienceRequest }), async (c) => {
    return c.json({ data: await announcements.audienceCount(svc(c), c.req.valid('json')) });
  })
  .post('/sendAnnouncementTest', ...call({ role: 'admin', body: announcementTextRequest }), async (c) => {
    return c.json({ data: await announcements.sendTest(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post(
    '/createAnnouncement',
    ...call({ role: 'admin', session: 'batch', body: createAnnouncementRequest }),
    async (c) => {
      return c.json({ data: await announcements.createAnnouncement(svc(c), c.req.valid('json')) });
    },
  )
  .post('/stopAnnouncement', ...call({ role: 'admin', body: announcementRequest }), async (c) => {
    return c.json({ data: await announcements.stopAnnouncement(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post(
    '/getMemberDeliveries',
    ...call({ role: 'admin', session: 'batch', body: memberDeliveriesRequest }),
    async (c) => {
      return c.json({ data: await announcements.memberDeliveries(svc(c), c.req.valid('json')) });
    },
  )
  // ---- volunteers at the gate: the operational news ----
  .post('/getVenueNotices', ...call({ role: 'staff', session: 'beside', body: emptyBody }), async (c) => {
    return c.json({ data: await announcements.venueNotices(svc(c)) });
  });

/**
 * The calls no screen makes (WhatsApp's webhook, the local-only announcement step): app.ts mounts them outside the
 * web's call map (AppType), so the typed client cannot name them.
 */
export const channelOutsideRoutes = new Hono<AppEnv>()
  // ---- WhatsApp's webhook: Meta's subscription check, then signed events ----
  .get('/webhooks/whatsapp', ...call({ role: 'public', body: 'raw' }), (c) => {
    const q = {
      mode: c.req.query('hub.mode'),
      token: c.req.query('hub.verify_token'),
      challenge: c.req.query('hub.challenge'),
    };
    return c.text(whatsappChallenge(svc(c), q));
  })
  .post('/webhooks/whatsapp', ...call({ role: 'public', body: 'raw' }), async (c) => {
    const data = await whatsappWebhook(svc(c), {
      raw: await c.req.text(),
      signature: c.req.header('x-hub-signature-256'),
    });
    return c.json({ data });
  })
  // ---- local only: the cron's announcement step and delivery drain, now ----
  .post('/devSendAnnouncements', ...call({ role: 'public', body: 'raw' }), localOnly, async (c) => {
    return c.json({ data: await announcements.runAnnouncementStep(svc(c)) });
  });
