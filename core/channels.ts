// Channels beside email (docs/decisions/230-233): which kinds of message exist, which channels may
// carry them, what a member gets before choosing, and the WhatsApp templates the association submits to Meta.
// Shared by the Worker (consent, sending), its local stand-ins (which refuse what Meta refuses) and the screens.

export const MESSAGE_KINDS = ['payments', 'reminders', 'announcements'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const CHANNELS = ['email', 'whatsapp', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * Email about a member's own payments always goes out: it is their record (decision 092). Everything else is the
 * member's choice; before any choice email carries reminders and announcements, and WhatsApp and push carry
 * nothing until the member turns them on (WhatsApp's policy requires an opt-in; push needs the phone's permission).
 */
export const isFixed = (kind: MessageKind, channel: Channel) => kind === 'payments' && channel === 'email';
export const defaultOn = (_kind: MessageKind, channel: Channel) => channel === 'email';

/**
 * A phone number as E.164 (`+` and 8-15 digits), or null. A 10-digit Indian mobile (the accounts store those,
 * core/contracts/common.ts normalizeMobile) gets +91; `0` and `91` prefixes of Indian numbers are read the same way.
 */
export function toE164(raw: string): string | null {
  const t = raw.trim().replace(/[\s().-]/g, '');
  if (/^\+[1-9]\d{7,14}$/.test(t)) return t;
  if (!/^\d+$/.test(t)) return null;
  const national =
    t.length === 11 && t.startsWith('0') ? t.slice(1) : t.length === 12 && t.startsWith('91') ? t.slice(2) : t;
  return /^[6-9]\d{9}$/.test(national) ? `+91${national}` : null;
}

/**
 * The WhatsApp message templates (submitted in English `en` and Bengali `bn`, docs/channels.md): the body's
 * parameters in order ({{1}}, {{2}}, ...), and the one URL button whose suffix the message fills (the path after
 * the site's origin). The texts are the notify catalogue's (core/messages/notify.en.ts, notify.bn.ts).
 */
export const WA_TEMPLATES = {
  samiti_contribution_confirmed: ['name', 'rcpt', 'amount'],
  samiti_transfer_verified: ['name', 'rcpt', 'amount'],
  samiti_transfer_rejected: ['name', 'rcpt', 'amount', 'reason'],
  samiti_refund_done: ['name', 'rcpt', 'amount'],
  samiti_renewal_reminder: ['name', 'plan', 'year'],
  samiti_announcement: ['title', 'body'],
} as const satisfies Record<string, readonly string[]>;
export type WaTemplate = keyof typeof WA_TEMPLATES;

/** What a message is about: its template, and the notify catalogue's keys of its texts (`notify.<topic>.*`). */
export const TOPICS = {
  confirmed: 'samiti_contribution_confirmed',
  verified: 'samiti_transfer_verified',
  rejected: 'samiti_transfer_rejected',
  refunded: 'samiti_refund_done',
  reminder: 'samiti_renewal_reminder',
  announcement: 'samiti_announcement',
} as const satisfies Record<string, WaTemplate>;
export type Topic = keyof typeof TOPICS;

/** The longest announcement text: one WhatsApp parameter takes 1,024 characters, a push payload about 3,000 bytes. */
export const ANNOUNCEMENT_TITLE_MAX = 80;
export const ANNOUNCEMENT_BODY_MAX = 600;

/** Who an announcement goes to: a daily pass's holders, this festival year's members or sponsors, volunteers, all. */
export const AUDIENCES = ['pass', 'members', 'sponsors', 'volunteers', 'all'] as const;
export type Audience = (typeof AUDIENCES)[number];
