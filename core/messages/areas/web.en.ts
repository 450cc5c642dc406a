// What every screen of the browser shows and the Worker never does: nav, footer, language switch, dialogs, forms.
// One area of the English catalogue (docs/decisions/115), registered by the app's entry (web/main.tsx, and
// web/prerender/render.tsx) before anything else runs, so that every screen has it. Bengali: web.bn.ts.
export const webEn = {
  // network and payments (SPEC.md section 8)
  'network.error': 'Seems some internal issue with your network, please check your network!',
  'network.offlineAction': 'You are offline. This needs a connection, please try again when you are back online.',
  'payment.dismissed': 'Payment Failed, Please start over!',

  // venue pass collection (worker/services/venue/collection.ts, web/features/venue, web/components/PassQr.tsx)
  'pass.qrAlt': 'Pass QR code for {rcpt}',

  // choosing contributions: /membership, /sponsorship, /dmPass
  'contribute.stayHere': 'No, Stay Here',

  // cancellations and refunds (docs/decisions/080-081)
  'refund.history': 'Refunds',

  // languages, nav and layout (docs/decisions/120); Bengali: core/messages/bn.ts
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

  // shared components
  'app.updateReady': 'A new version of the app is ready.',
  'app.updateNow': 'Update now',
  'app.offline':
    'You are offline. Pages you have visited still open; sign-in, payments and other actions need a connection.',
  'app.close': 'Close',
} as const;

export type WebKey = keyof typeof webEn;
