// The strings both the screens and the Worker use, English: validation and the few texts both a screen and a
// service or core module show. Every other string lives in its area (core/messages/areas/, docs/decisions/115):
// what every screen shows (nav, footer, forms) in `web`, which the app's entry loads; the rest with the screen
// that shows it, or the Worker's (`server`). t() looks them all up alike (core/i18n.ts). Bengali: bn.ts. Spellings of the old site's messages are kept exactly: old clients and people know them by heart.

export const en = {
  // validation (SPEC.md section 5)
  'login.mandatory': 'Email and password are both mandatory!',
  'email.invalid': 'Email is invalid!',
  'email.invalidDialog': 'Please enter a valid email!',
  'email.mandatory': 'Email is mandatory!',
  'fields.mandatory': 'All fields are mandatory!',
  'password.tooShort': 'Password must be at least 8 characters!',
  'mobile.invalid': 'Mobile number is invalid!',

  // network and payments (SPEC.md section 8)
  'payment.failed': "Payment failed, order couldn't be processed successfully!",

  // success toasts (SPEC.md section 8)
  'password.codeSent':
    'An email with a temporary code has been sent to your registered email address. Please check your mail.',
  'password.updated': 'Your password has been updated. Please log in now.',
  'order.received': 'Congratulations! We have received your contribution. Please check your email for the details.',
  'order.offlineCaptured':
    'Your contribution details have been sent for verification. We will send you an email once the verification is complete.',
  'verification.invalid': 'This verification link is invalid or has expired. Please send a new one from your profile.',

  // quantity warnings and info (SPEC.md section 8, in correct English: docs/decisions/163)
  'utsav.reduced': 'Benefit reduced from 10% to 5%: the effective price of three UTSAV memberships is {amount}.',
  'utsav.removed': 'Benefit removed: the effective price of two UTSAV memberships is {amount}.',
  'utsav.five': '5% benefit added: the new effective contribution for three UTSAV memberships is {amount}.',
  'utsav.ten': '10% benefit added: the new effective contribution for four UTSAV memberships is {amount}.',
  'dandiya.removed': 'Benefit removed: the effective price of three Dandiya Night Passes is {amount}.',
  'dandiya.ten': '10% benefit added: the new effective contribution for four Dandiya Night Passes is {amount}.',

  // venue pass collection (worker/services/collection.ts, web/features/venue, web/components/PassQr.tsx)
  'venue.badRcptId': 'orderRcptId is not a contribution id (such as SMT000042)',
  'pass.qrTitle': 'Your pass',
  'pass.qrHint': 'Show this QR code at the venue to collect your passes.',
} as const;

export type SharedKey = keyof typeof en;
