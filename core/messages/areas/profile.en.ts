// The member's profile and contributions (web/features/profile).
// One area of the English catalogue (docs/decisions/115): a screen imports its area (core/messages/areas/profile.ts)
// and loads only its strings; t() finds them like every other key. Bengali: profile.bn.ts, same keys.
export const profileEn = {
  // validation (SPEC.md section 5)

  // checkout and profile on a phone (docs/decisions/100)
  'profile.showPass': 'Show pass QR',
  'profile.passCardTitle': 'Your passes for {year}',
  'profile.passCollected': 'These passes are already collected.',
  'profile.contributions': 'Your contributions',
  'profile.noneOpen': 'No paid or open contribution yet.',
  'profile.attempts': 'Earlier unfinished attempts ({count})',
  'profile.attemptsHint':
    'Payments that were cancelled, failed or replaced by a later attempt. Nothing is owed on them.',
  'profile.attemptsLabel': 'Earlier unfinished attempts',

  // hardening: refusals decided by the database
  'profile.giveUp': 'Cancel',
  'profile.giveUpTitle': 'Cancel this contribution?',
  'profile.giveUpConfirm':
    'Contribution {rcpt} has not been paid. Cancelling it frees anything it reserves (a sponsorship item, the member price) for you or others. If you have already paid, do not cancel: it will be confirmed.',
  'profile.giveUpYes': 'Yes, cancel it',
  'profile.giveUpNo': 'No, keep it',

  // cancellations and refunds (docs/decisions/080-081)
  'refund.memberRefunded': 'Refunded {amount} on {date}',
  'refund.memberPending': 'Refund of {amount} in progress since {date}',
  'refund.memberFailed': 'Refund of {amount} failed on {date}: we will contact you',
  'refund.memberCarried': 'Carried over {amount} on {date} as {to}',
  // the receipt page (web/features/receipts)
  'receiptPage.title': 'Receipt',
  'receiptPage.creditNote': 'Credit note',
  'receiptPage.number': 'Receipt no.',
  'receiptPage.date': 'Date',
  'receiptPage.year': 'Festival year',
  'receiptPage.contribution': 'Contribution id',
  'receiptPage.receivedFrom': 'Received with thanks from',
  'receiptPage.onBehalf': 'Paid by {name}',
  'receiptPage.pan': 'PAN',
  'receiptPage.gstin': 'GSTIN',
  'receiptPage.item': 'Item',
  'receiptPage.qty': 'Qty',
  'receiptPage.amount': 'Amount',
  'receiptPage.convenience': 'Online convenience charge',
  'receiptPage.total': 'Total received',
  'receiptPage.mode': 'Mode of payment',
  'receiptPage.modeOnline': 'Online (card/UPI through Razorpay)',
  'receiptPage.modeOffline': 'Direct bank/UPI transfer',
  'receiptPage.modeGateCash': 'Cash, at the festival gate',
  'receiptPage.modeGateUpi': 'UPI, at the festival gate',
  'receiptPage.home': 'Go to the home page',
  'receiptPage.reference': 'Payment reference',
  'receiptPage.bank': 'Bank',
  'receiptPage.paidOn': 'Paid on',
  'receiptPage.carriedOver':
    'Carried over to the festival year {year} as contribution {rcpt} ({amount}): this receipt stands for it there.',
  'receiptPage.carriedFrom': 'Carried over from contribution {rcpt} of the festival year {year}: this is its receipt.',
  'receiptPage.creditNotes': 'Credit notes against this receipt',
  'receiptPage.creditNoteLine': '{number} of {date}: {amount} refunded ({mode}, reference {reference})',
  'receiptPage.eightyG': '80G registration: {text}',
  'receiptPage.computer': 'This is a computer-generated receipt and needs no signature.',
  'receiptPage.print': 'Print or save as PDF',
  'receiptPage.back': 'Back to your contributions',
  'receiptPage.billingTitle': 'Billing details for your books (optional)',
  'receiptPage.billingHint': 'Add a billing name, PAN or GSTIN if your organisation needs them on the receipt.',
  'receiptPage.billingName': 'Billing name',
  'receiptPage.billingPan': 'PAN',
  'receiptPage.billingGstin': 'GSTIN',
  'receiptPage.billingSave': 'Save billing details',
  'receiptPage.billingEdit': 'Add or change billing details',
  'receiptPage.link': 'Receipt',
  'receiptPage.none': 'No receipt for this contribution yet.',
} as const;

export type ProfileKey = keyof typeof profileEn;
