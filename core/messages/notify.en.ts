// The texts of messages on WhatsApp and web push (docs/decisions/231): per topic a title (the push
// notification's), a body (the WhatsApp template's text and the notification's; {params} in the order of
// core/channels.ts WA_TEMPLATES) and the label of the link's button. The Worker writes push notifications from
// these (Bengali from the static asset, core/i18n-all.ts); WhatsApp fills the approved template itself, so the
// Worker sends only the template's name and parameters. The local stand-in and docs/channels.md show the texts.
import type { Topic } from '../channels';
import type { RejectReason } from '../contracts/admin';

export const notifyEn = {
  'notify.confirmed.title': 'Contribution confirmed',
  'notify.confirmed.body': 'Namaskar {name}, your contribution {rcpt} of {amount} is confirmed. Thank you!',
  'notify.confirmed.button': 'See your passes',
  'notify.verified.title': 'Transfer verified',
  'notify.verified.body':
    'Namaskar {name}, we have verified your transfer for contribution {rcpt} of {amount}. It is confirmed. Thank you!',
  'notify.verified.button': 'See your passes',
  'notify.rejected.title': 'Transfer not verified',
  'notify.rejected.body':
    'Namaskar {name}, we could not verify the transfer for your contribution {rcpt} of {amount}. Reason: {reason}. Our email has the details.',
  'notify.rejected.button': 'See your contributions',
  // the stock reasons of a rejection (core/contracts/admin.ts REJECT_REASONS), as {reason}: the body ends the sentence
  'notify.rejected.notFound': "We could not find this transfer in the association's bank account",
  'notify.rejected.amountDiffers': 'The amount we received differs from the amount of this contribution',
  'notify.rejected.duplicate': 'This transfer was already counted for another contribution',
  'notify.refunded.title': 'Refund done',
  'notify.refunded.body': 'Namaskar {name}, the refund of {amount} for your contribution {rcpt} is complete.',
  'notify.refunded.button': 'See your contributions',
  'notify.reminder.title': 'Renew your membership',
  'notify.reminder.body': 'Namaskar {name}, the festival year {year} has begun. Renew your {plan} with one tap.',
  'notify.reminder.button': 'Renew now',
  'notify.announcement.title': '{title}',
  'notify.announcement.body': 'News from the Puja committee: *{title}*. {body} Tap below to stop these messages.',
  'notify.announcement.button': 'Stop these messages',
} as const satisfies Record<
  `notify.${Topic}.${'title' | 'body' | 'button'}` | `notify.rejected.${Exclude<RejectReason, 'other'>}`,
  string
>;

export type NotifyKey = keyof typeof notifyEn;
