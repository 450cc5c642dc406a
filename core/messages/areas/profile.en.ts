// The member's profile and contributions (web/features/profile).
// One area of the English catalogue (docs/decisions/115): a screen imports its area (core/messages/areas/profile.ts)
// and loads only its strings; t() finds them like every other key. Bengali: profile.bn.ts, same keys.
export const profileEn = {
  // validation (SPEC.md section 5)

  // checkout and profile on a phone (issue 12, docs/decisions/100)
  'profile.showPass': 'Show pass QR',
  'profile.passCardTitle': 'Your passes for {year}',
  'profile.passCollected': 'These passes are already collected.',
  'profile.contributions': 'Your contributions',
  'profile.noneOpen': 'No paid or open contribution yet.',
  'profile.attempts': 'Earlier unfinished attempts ({count})',
  'profile.attemptsHint':
    'Payments that were cancelled, failed or replaced by a later attempt. Nothing is owed on them.',
  'profile.attemptsLabel': 'Earlier unfinished attempts',

  // hardening (issue 11): refusals decided by the database
  'profile.giveUp': 'Cancel',
  'profile.giveUpTitle': 'Cancel this contribution?',
  'profile.giveUpConfirm':
    'Contribution {rcpt} has not been paid. Cancelling it frees anything it reserves (a sponsorship item, the member price) for you or others. If you have already paid, do not cancel: it will be confirmed.',
  'profile.giveUpYes': 'Yes, cancel it',
  'profile.giveUpNo': 'No, keep it',

  // cancellations and refunds (issue 13, docs/decisions/080-081)
  'refund.memberRefunded': 'Refunded {amount} on {date}',
  'refund.memberPending': 'Refund of {amount} in progress since {date}',
  'refund.memberFailed': 'Refund of {amount} failed on {date}: we will contact you',
  'refund.memberCarried': 'Carried over {amount} on {date} as {to}',
} as const;

export type ProfileKey = keyof typeof profileEn;
