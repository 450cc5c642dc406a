// The emails' sentences in English (docs/decisions/120, 195). A service writes each email by key in its
// reader's language (worker/lib/mail.ts: sendMail's `write` gets the words of that language), Bengali from
// mail.bn.ts; names, codes, amounts and an admin's own words go in as parameters.
export const mailEn = {
  'mail.greeting': 'Namaskar {name},',
  'mail.seeContributions': 'See your contributions',
  'mail.reason': 'Reason: {reason}',
  'mail.total': 'Total: {amount}',
  'mail.convenience': 'Convenience charge: {amount}',
  'mail.line': '{name} x {qty}: {amount}',
  // verification and password code (worker/services/accounts/accounts.ts)
  'verify.subject': 'Please verify your email address',
  'verify.body': 'Please confirm that this is your email address by opening the link below. It is valid for 7 days.',
  'verify.link': 'Verify my email address',
  'code.subject': 'Your temporary code to reset your password',
  'code.code': 'Your temporary code is: {code}',
  'code.valid': 'It works once and is valid for 30 minutes. Enter it on the Change Password page with a new password.',
  'code.ignore': 'If you did not ask for it, you can ignore this email: your password has not changed.',
  'code.link': 'Change my password',
  // a member's own data (worker/services/accounts/privacy.ts)
  'emailChange.subject': 'Please confirm your new email address',
  'emailChange.body':
    'You asked to use this address for your account with us. Please confirm it by opening the link below. Until then your account keeps its current address. The link is valid for 7 days.',
  'emailChange.link': 'Confirm my new email address',
  'emailChanged.subject': 'Your email address was changed',
  'emailChanged.body':
    'The email address of your account is now {email}. If you did not make this change, please write to us at once.',
  // direct transfer (worker/services/checkout/checkout.ts)
  'pay.subject': 'How to pay your contribution {rcpt}',
  'pay.waiting': 'Your contribution {rcpt} of {amount} is waiting for your payment by direct bank or UPI transfer.',
  'pay.payee': 'Account payee: {v}',
  'pay.account': 'Account number: {v}',
  'pay.bank': 'Bank: {v}',
  'pay.upiLink': 'UPI payment link', // the link itself follows on a line of its own
  'pay.note':
    'Please write {rcpt} as the note of the transfer. After paying, share the transaction id on your profile (Share transfer details) so that we can verify it.',
  'pay.link': 'Share the transaction details',
  'received.subject': 'We received your contribution details: {rcpt}',
  'received.details': 'We received the transfer details of your contribution {rcpt}: transaction id {txn}.',
  'received.verify': 'Our team will verify the payment and send you an email once the verification is complete.',
  // confirmation and rejection (worker/services/checkout/payments.ts)
  'confirmed.subject': 'Contribution confirmed: {rcpt}',
  'confirmed.thanks': 'Thank you! Your contribution {rcpt} for the festival year {year} is confirmed.',
  'confirmed.waived':
    'The membership fee of {count} family member(s) is waived for your full sponsorships this festival year.',
  'confirmed.pass':
    'Your pass code is {code}. Show it (or the QR code on your profile) at the venue to collect your passes.',
  'rejected.subject': 'Contribution not verified: {rcpt}',
  'rejected.body': 'We could not verify the payment for your contribution {rcpt} ({amount}, transaction id {txn}).',
  // the stock reasons whole, so that the Bengali email carries them translated (core/contracts/admin.ts)
  'rejected.notFound': "Reason: We could not find this transfer in the association's bank account.",
  'rejected.amountDiffers': 'Reason: The amount we received differs from the amount of this contribution.',
  'rejected.duplicate': 'Reason: This transfer was already counted for another contribution.',
  'rejected.reply':
    'If you did pay, please reply to this email (it reaches the committee at {email}) with the details, or share the same transaction id again on a new contribution from the website.',
  // refunds and carry-over (worker/services/refunds/refunds.ts)
  'refund.startedSubject': 'Refund started: {rcpt}',
  'refund.startedBody':
    'We have cancelled the following from your contribution {rcpt} and started a refund of {amount} to the original payment method.',
  'refundMail.convenienceKept': 'The online convenience charge is kept by the payment provider and is not refunded.',
  'refund.within': 'The money reaches your account within 10 working days. We will write again when it is done.',
  'refund.doneSubject': 'Refund done: {rcpt}',
  'refund.sentBack': 'We have sent {amount} back to you for your contribution {rcpt} (bank/UPI reference {reference}).',
  'refund.complete':
    'The refund of {amount} for your contribution {rcpt} is complete: the money is on its way to the original payment method.',
  'refund.failedSubject': 'Refund failed: {rcpt}',
  'refund.failedBody':
    'The refund of {amount} for your contribution {rcpt} could not be completed by the payment provider.',
  'refund.failedNext':
    'Our team has been told and will refund you another way. Please reply to this email if you have questions.',
  'carry.subject': 'Contribution carried over to {year}: {rcpt}',
  'carry.body':
    'The following from your contribution {rcpt} ({from}) is carried over to the festival year {year}, as contribution {to}. Nothing more is due.',
  // unpaid transfer reminder (worker/services/checkout/transfer-reminders.ts)
  'reminder.subject': 'Reminder: your contribution {rcpt} is waiting for payment',
  'reminder.body':
    'Your contribution {rcpt} of {amount} is waiting for your bank or UPI transfer. Once you have paid, please share the transaction id from your profile so that we can verify it.',
  'reminder.payee': 'Payee: {v}',
  'reminder.amount': 'Amount: {amount}',
  'reminder.note': 'Note: {rcpt}',
  'reminder.upi': 'UPI apps can also open this link',
  'reminder.expire': 'If it is not paid by {date}, the contribution is cancelled and anything it holds is released.',
  'reminder.link': 'Share the transaction id',
  // the pass QR block of the confirmation email (worker/lib/pass-qr.ts, from core/messages/en.ts)
  'passMail.qrTitle': 'Your pass',
  'passMail.qrHint': 'Show this QR code at the venue to collect your passes.',
  // waiting lists (worker/services/catalogue/waitlist.ts)
  'waitlist.offerSubject': 'Your turn on the waiting list: {name}',
  'waitlist.offerBody': '{qty} of "{name}" are free again and held for you until {time}.',
  'waitlist.offerHow':
    'Open the link below to buy them. If they are not bought by then, they go to the next person in line.',
  'waitlist.offerLink': 'Buy them now',
  // announcements by email (worker/services/channels/deliveries.ts)
  'announce.footer': 'You get news from the Puja committee as a member of the association. To stop these emails: {url}',
  'announce.stop': 'Stop these emails',
  // receipts (worker/services/checkout/receipts.ts)
  'receiptMail.number': 'Your receipt number is {number}.',
  'receiptMail.link': 'Open or print your receipt',
  'receiptMail.subject': 'Your receipt {number}: {rcpt}',
  'receiptMail.here': 'Here is the receipt of your contribution {rcpt} ({amount}).',
  'receiptMail.creditNote': 'Credit note {number} against receipt {receipt} records this refund.',
  // a gate sale's receipt (worker/services/venue/gate.ts)
  'gateMail.subject': 'Receipt for your passes: {rcpt}',
  'gateMail.thanks': 'Thank you for your contribution {rcpt} for the festival year {year}.',
  'gateMail.cash': 'Paid in cash at the gate: {amount}.',
  'gateMail.upi': 'Paid by UPI at the gate: {amount} (UPI reference {utr}).',
  'gateMail.handed': 'Your passes were handed to you at the gate by {seller}. Keep this email as your receipt.',
} as const;

export type MailKey = keyof typeof mailEn;
