// What every screen of the browser shows and the Worker never does: nav, footer, language switch, dialogs, forms. Bengali, with exactly the keys of web.en.ts (core/messages/catalogues.test.ts).
import type { WebKey } from './web.en';

export const webBn: Record<WebKey, string> = {
  // network and payments (SPEC.md section 8)
  'network.error': 'মনে হচ্ছে আপনার নেটওয়ার্কে কোনও সমস্যা হয়েছে। সংযোগটি দেখে নিয়ে আবার চেষ্টা করুন।',
  'network.offlineAction': 'আপনি এখন অফলাইন। এর জন্য ইন্টারনেট সংযোগ লাগবে, সংযোগ ফিরলে আবার চেষ্টা করুন।',
  'payment.dismissed': 'পেমেন্ট হয়নি। আবার গোড়া থেকে শুরু করুন।',

  // venue pass collection (worker/services/venue/collection.ts, web/features/venue, web/components/PassQr.tsx)
  'pass.qrAlt': '{rcpt}-এর পাসের QR কোড',

  // choosing contributions: /membership, /sponsorship, /dmPass
  'contribute.stayHere': 'না, এখানেই থাকি',

  // cancellations and refunds (docs/decisions/080-081)
  'refund.history': 'ফেরত',

  // languages, nav and layout (docs/decisions/120)
  'lang.switch': 'English',
  'lang.switchLabel': 'Switch to English (ইংরেজিতে দেখুন)',
  'lang.saveFailed': 'ভাষাটি এই ডিভাইসে রাখা হল; এই মুহূর্তে আপনার অ্যাকাউন্টে রাখা গেল না।',
  'nav.menu': 'মেনু',
  'nav.membership': 'সদস্যপদ / স্পনসরশিপ',
  'nav.createAccount': 'অ্যাকাউন্ট খুলুন',
  'nav.admin': 'অ্যাডমিন পাতা',
  'nav.venue': 'মণ্ডপে পাস বিতরণ',
  'nav.home': 'হোম',
  'nav.login': 'লগইন',
  'nav.profile': 'আমার প্রোফাইল',
  'nav.tnc': 'নিয়ম ও শর্তাবলি',
  'nav.responsibility': 'আমাদের সামাজিক দায়বদ্ধতা',
  'nav.logout': 'লগআউট',
  'nav.coupons': 'কুপন | অর্ঘ্য',
  'nav.main': 'প্রধান',
  'layout.skip': 'মূল অংশে যান',
  'layout.loading': 'লোড হচ্ছে…',
  'footer.rights': '© {year} {name}। সর্বস্বত্ব সংরক্ষিত।',
  'form.email': 'ইমেল',
  'form.password': 'পাসওয়ার্ড',
  'form.fullName': 'পুরো নাম',
  'form.mobile': 'মোবাইল',
  'signup.passwordHint': 'অন্তত 8টি অক্ষর।',

  // shared components
  'app.updateReady': 'অ্যাপের নতুন সংস্করণ তৈরি।',
  'app.updateNow': 'এখনই আপডেট করুন',
  'app.offline': 'আপনি অফলাইন। আগে দেখা পাতাগুলি খুলবে; লগইন, পেমেন্ট আর অন্য কাজের জন্য সংযোগ লাগবে।',
  'app.close': 'বন্ধ করুন',
};
