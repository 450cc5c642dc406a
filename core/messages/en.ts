// The strings both the screens and the Worker use, English: validation and the few texts both a screen and a
// service or core module show. Every other string lives in its area (core/messages/areas/, docs/decisions/115):
// what every screen shows (nav, footer, forms) in `web`, which the app's entry loads; the rest with the screen
// that shows it, or the Worker's (`server`). t() looks them all up alike (core/i18n.ts). Bengali: bn.ts. Spellings of the old site's messages are kept exactly: old clients and people know them by heart.

export const en = {
  // validation (SPEC.md section 5)
  'login.mandatory': 'Email & Password, both are Mandatory!',
  'email.invalid': 'Email is invalid!',
  'email.invalidDialog': 'Please enter a valid email!',
  'email.mandatory': 'Email is Mandatory!',
  'fields.mandatory': 'All fields are Mandatory!',
  'password.tooShort': 'Password must be at least 8 characters!',
  'mobile.invalid': 'Mobile number is invalid!',

  // network and payments (SPEC.md section 8)
  'payment.failed': "Payment failed, order couldn't be processed successfully!",

  // success toasts (SPEC.md section 8)
  'password.codeSent': 'An email with temp code has been sent to your registered email id, please check your mail.',
  'password.updated': 'Your password updated successfully, Please login now!',
  'order.received': 'Congratulations!! We received your contribution, Please check your email for details!',
  'order.offlineCaptured':
    'Your contribution details have been captured and sent for verification, we will send you an email once verification completes!',
  'verification.invalid': 'This verification link is invalid or has expired. Please send a new one from your profile.',

  // quantity warnings and info (SPEC.md section 8, in correct English: docs/decisions/163)
  'utsav.reduced': 'Benefit reduced from 10% to 5%: the effective price of three UTSAV memberships is {amount}.',
  'utsav.removed': 'Benefit removed, effective price for two UTSAV membership plan is: {amount}',
  'utsav.five': '5% benefit added new effective contribution for three UTSAV membership plan is: {amount}',
  'utsav.ten': '10% benefit added new effective contribution for four UTSAV membership plan is: {amount}',
  'dandiya.removed': 'Benefit removed, effective price for three Dandiya Night Pass is: {amount}',
  'dandiya.ten': '10% benefit added new effective contribution for four Dandiya Night Pass is: {amount}',

  // venue pass collection (worker/services/venue/collection.ts, web/features/venue, web/components/PassQr.tsx)
  'venue.badRcptId': 'orderRcptId is not a contribution id (such as SMT000042)',
  'pass.qrTitle': 'Your pass',
  'pass.qrHint': 'Show this QR code at the venue to collect your passes.',
  // billing details on a receipt
  'billing.panInvalid': 'PAN must look like ABCPE1234F (5 letters, 4 digits, a letter).',
  'billing.gstinInvalid': 'GSTIN must look like 27ABCPE1234F1ZB (state code, PAN, entity, Z, check character).',
  'billing.gstinCheck': 'GSTIN check character does not match: please check the number for a typing mistake.',
} as const;

export type SharedKey = keyof typeof en;
