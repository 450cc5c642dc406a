// The strings every screen and the Worker use, English: validation, network, nav, layout, and the few texts both
// a screen and a service or core module show. Every other string lives in its area (core/messages/areas/,
// docs/decisions/115), which a screen imports with its own code; t() looks them all up alike (core/i18n.ts).
// Bengali: bn.ts. Spellings of the old site's messages are kept exactly: old clients and people know them by heart.

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
  'network.error': 'Seems some internal issue with your network, please check your network!',
  'network.offlineAction': 'You are offline. This needs a connection, please try again when you are back online.',
  'payment.dismissed': 'Payment Failed, Please start over!',
  'payment.failed': "Payment failed, order couldn't be processed successfully!",

  // success toasts (SPEC.md section 8)
  'password.codeSent': 'An email with temp code has been sent to your registered email id, please check your mail.',
  'password.updated': 'Your password updated successfully, Please login now!',
  'order.received': 'Congratulations!! We received your contibution, Please check you email for datails!',
  'order.offlineCaptured':
    'Your contribution deatils has been captured and sent for verfication, will sent you an email on once verification completes!',
  'verification.invalid': 'This verification link is invalid or has expired. Please send a new one from your profile.',

  // quantity warnings and info (SPEC.md section 8)
  'utsav.reduced': 'Benefit reduced from 10% to 5%, effective price for three UTSAV membership plan is: {amount}',
  'utsav.removed': 'Benefit removed, effective price for two UTSAV membership plan is: {amount}',
  'utsav.five': '5% benefit added new effective contribution for three UTSAV membership plan is: {amount}',
  'utsav.ten': '10% benefit added new effective contribution for four UTSAV membership plan is: {amount}',
  'dandiya.removed': 'Benefit removed, effective price for three Dandiya Night Pass is: {amount}',
  'dandiya.ten': '10% benefit added new effective contribution for four Dandiya Night Pass is: {amount}',

  // venue pass collection (worker/services/collection.ts, web/features/venue, web/components/PassQr.tsx)
  'venue.badRcptId': 'orderRcptId is not a contribution id (such as SMT000042)',
  'pass.qrTitle': 'Your pass',
  'pass.qrHint': 'Show this QR code at the venue to collect your passes.',
  'pass.qrAlt': 'Pass QR code for {rcpt}',

  // choosing contributions: /membership, /sponsorship, /dmPass (issue 3)
  'contribute.stayHere': 'No, Stay Here',

  // cancellations and refunds (issue 13, docs/decisions/080-081)
  'refund.history': 'Refunds',

  // languages, nav and layout (issue 16, docs/decisions/120); Bengali: core/messages/bn.ts
  'lang.switch': 'বাংলা',
  'lang.switchLabel': 'বাংলায় দেখুন (Switch to Bengali)',
  'lang.saveFailed': 'Your language is kept on this device; it could not be saved to your account just now.',
  'nav.menu': 'Menu',
  'nav.membership': 'Membership / Sponsorship',
  'nav.createAccount': 'Create Account',
  'nav.admin': 'Admin Page',
  'nav.venue': 'Venue Pass Collection',
  'nav.home': 'Home',
  'nav.login': 'Login',
  'nav.profile': 'My Profile',
  'nav.tnc': 'Terms and Conditions',
  'nav.responsibility': 'Our Social Responsibility',
  'nav.logout': 'Logout',
  'nav.coupons': 'Coupons | Offering',
  'nav.main': 'Main',
  'layout.skip': 'Skip to content',
  'layout.loading': 'Loading…',
  'footer.rights': '© {year} {name}. All rights reserved.',
  'form.email': 'Email',
  'form.password': 'Password',
  'form.fullName': 'Full Name',
  'form.mobile': 'Mobile',
  'signup.passwordHint': 'At least 8 characters.',

  // shared components (issue 16)
  'app.updateReady': 'A new version of the app is ready.',
  'app.updateNow': 'Update now',
  'app.offline':
    'You are offline. Pages you have visited still open; sign-in, payments and other actions need a connection.',
  'app.close': 'Close',
} as const;

export type SharedKey = keyof typeof en;
