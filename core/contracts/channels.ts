// Channels beside email: a member's choices and consent per kind of message and channel, web push
// subscriptions, the admins' announcements and delivery records. Unknown keys are stripped, wrong types refused.
import * as z from 'zod';
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  AUDIENCES,
  type Audience,
  CHANNELS,
  type Channel,
  MESSAGE_KINDS,
  type MessageKind,
  type Topic,
} from '../channels';
import { keyWith } from './common';

const req = (what: string) => (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null ? 'input.required' : what;
const flag = z.boolean({ error: req('input.boolean') });
const positive = z
  .number({ error: req('input.number') })
  .int('input.whole')
  .positive('input.positive');

export const channelPrefsRequest = z.object({
  prefs: z
    .array(
      z.object({
        kind: z.enum(MESSAGE_KINDS, { error: 'input.oneOf' }),
        channel: z.enum(CHANNELS, { error: 'input.oneOf' }),
        on: flag,
      }),
      { error: 'input.list' },
    )
    .max(MESSAGE_KINDS.length * CHANNELS.length, 'input.tooManyEntries')
    .default([]),
  /** the number WhatsApp messages go to; checked for E.164 by the server (an Indian 10-digit mobile is +91) */
  whatsapp: z.string({ error: 'input.text' }).trim().max(20, 'input.maxChars').optional(),
});

const base64url = (bytes: number, min: number, max: number) =>
  z
    .string({ error: req('input.text') })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, keyWith('input.base64url', { bytes }))
    .min(min, keyWith('input.tooShortBytes', { bytes }))
    .max(max, keyWith('input.tooLongBytes', { bytes }));

/** A PushSubscription's JSON (PushSubscription.toJSON()): the push service's URL and the browser's keys. */
export const pushSubscriptionRequest = z.object({
  endpoint: z.url({ error: 'input.pushUrl' }).max(1000, 'input.maxChars'),
  keys: z.object(
    {
      // an uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url (RFC 8291)
      p256dh: base64url(65, 86, 90),
      auth: base64url(16, 22, 24),
    },
    { error: req('input.pushKeys') },
  ),
});

export const pushEndpointRequest = z.object({
  endpoint: z.url({ error: 'input.pushUrl' }).max(1000, 'input.maxChars'),
});

const title = z
  .string({ error: req('input.text') })
  .trim()
  .min(1, 'input.required')
  .max(ANNOUNCEMENT_TITLE_MAX, 'input.maxChars');
const body = z
  .string({ error: req('input.text') })
  .trim()
  .min(1, 'input.required')
  .max(ANNOUNCEMENT_BODY_MAX, 'input.maxChars');

export const announcementTextRequest = z.object({ titleEn: title, bodyEn: body, titleBn: title, bodyBn: body });

const audience = z.enum(AUDIENCES, { error: 'input.oneOf' });

export const audienceRequest = z
  .object({ audience, productId: positive.optional() })
  .refine((v) => v.audience !== 'pass' || v.productId !== undefined, {
    message: 'input.passHolders',
    path: ['productId'],
  });

export const createAnnouncementRequest = z
  .object({
    titleEn: title,
    bodyEn: body,
    titleBn: title,
    bodyBn: body,
    audience,
    productId: positive.optional(),
    /** shown on /venue to volunteers while it is the latest news */
    operational: flag.default(false),
    /** when to send (ms since 1970); absent: now */
    sendAt: positive.optional(),
    /** one per composer: a double click or a retry creates one announcement */
    requestKey: z.string({ error: req('input.text') }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'input.requestKey'),
  })
  .refine((v) => v.audience !== 'pass' || v.productId !== undefined, {
    message: 'input.passHolders',
    path: ['productId'],
  });

export const announcementRequest = z.object({ id: positive });

export const memberDeliveriesRequest = z.object({
  email: z
    .string({ error: req('input.text') })
    .trim()
    .min(3, 'input.required')
    .max(254, 'input.tooLong'),
});

// ---- responses ----

export type ChannelPref = { kind: MessageKind; channel: Channel; on: boolean; fixed: boolean; at: number | null };

export type ChannelPrefs = {
  prefs: ChannelPref[];
  /** the number on record; `suggested`: the account's mobile as E.164, to start from when there is none */
  whatsapp: { available: boolean; number: string | null; suggested: string | null };
  push: { available: boolean; vapidPublicKey: string | null; devices: number };
};

/** Per channel: sent, failed, still to send, opted out (or never opted in), and no number, phone or service. */
export type ChannelReport = { sent: number; failed: number; waiting: number; off: number; unreachable: number };

export type AnnouncementView = {
  id: number;
  titleEn: string;
  bodyEn: string;
  titleBn: string;
  bodyBn: string;
  audience: Audience;
  productId: number | null;
  productName: string | null;
  operational: boolean;
  state: 'scheduled' | 'sending' | 'done' | 'stopped';
  sendAt: number;
  createdAt: number;
  createdBy: string | null;
  finishedAt: number | null;
  members: number;
  report: Record<Channel, ChannelReport>;
};

export type AnnouncementsView = {
  announcements: AnnouncementView[];
  /** the daily passes of the catalogue, for the audience "holders of a pass" */
  passes: { id: number; name: string; code: string }[];
};

export type AudienceCount = { members: number; reach: Record<Channel, number> };

export type DeliveryView = {
  id: string;
  channel: Channel;
  /** null for an email of the outbox (receipts, reminders, account emails) */
  kind: MessageKind | null;
  /** a payment's or renewal's message: its topic and what it is about (a contribution id, a year) */
  topic: Exclude<Topic, 'announcement'> | null;
  ref: string | null;
  /** otherwise: the announcement's title or the email's subject */
  what: string;
  state: 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';
  attempts: number;
  error: string | null;
  at: number;
};

export type MemberDeliveries = {
  member: { id: number; name: string; email: string; mobile: string };
  deliveries: DeliveryView[];
};

export type TestSendResult = { message: string; channels: { channel: Channel; state: DeliveryView['state'] }[] };

export type VenueNotice = { id: number; titleEn: string; bodyEn: string; titleBn: string; bodyBn: string; at: number };
