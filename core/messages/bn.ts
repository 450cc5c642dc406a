// The shared strings in Bengali (bn-IN), with exactly the keys of en.ts (core/messages/catalogues.test.ts
// checks both ways, and the placeholders). Written for the members and their parents, in the polite "আপনি"
// form; product codes (UTSAV, DPDY1, SMT000042), field names the API names and amounts stay as they are.
// Digits stay Western (docs/decisions/120).
import type { SharedKey } from './en';

export const bn: Record<SharedKey, string> = {
  // validation (SPEC.md section 5)
  'login.mandatory': 'ইমেল ও পাসওয়ার্ড, দুটোই দিতে হবে!',
  'email.invalid': 'ইমেল ঠিকানাটি সঠিক নয়!',
  'email.invalidDialog': 'একটি সঠিক ইমেল ঠিকানা দিন!',
  'email.mandatory': 'ইমেল দিতে হবে!',
  'fields.mandatory': 'সবকটি ঘর পূরণ করতে হবে!',
  'password.tooShort': 'পাসওয়ার্ডে অন্তত 8টি অক্ষর থাকতে হবে!',
  'mobile.invalid': 'মোবাইল নম্বরটি সঠিক নয়!',

  // network and payments (SPEC.md section 8)
  'payment.failed': 'পেমেন্ট ব্যর্থ হয়েছে, অর্ডারটি সম্পূর্ণ করা গেল না!',

  // success toasts (SPEC.md section 8)
  'password.codeSent': 'আপনার নথিভুক্ত ইমেলে একটি অস্থায়ী কোড পাঠানো হয়েছে, মেলবক্সটি দেখে নিন।',
  'password.updated': 'আপনার পাসওয়ার্ড বদলানো হয়েছে, এবার লগইন করুন!',
  'order.received': 'অভিনন্দন! আপনার অনুদান আমরা পেয়েছি, বিস্তারিত জানতে ইমেল দেখুন।',
  'order.offlineCaptured': 'আপনার অনুদানের তথ্য যাচাইয়ের জন্য পাঠানো হয়েছে। যাচাই শেষ হলেই আপনাকে ইমেল করা হবে।',
  'verification.invalid': 'যাচাইয়ের এই লিঙ্কটি আর কাজ করে না বা মেয়াদ ফুরিয়েছে। আপনার প্রোফাইল থেকে নতুন লিঙ্ক পাঠান।',

  // quantity warnings and info (SPEC.md section 8)
  'utsav.reduced': 'ছাড় 10% থেকে কমে 5% হল, তিনটি UTSAV সদস্যপদের কার্যকর মূল্য: {amount}',
  'utsav.removed': 'ছাড় আর প্রযোজ্য নয়, দুটি UTSAV সদস্যপদের কার্যকর মূল্য: {amount}',
  'utsav.five': '5% ছাড় যোগ হল, তিনটি UTSAV সদস্যপদের নতুন কার্যকর অনুদান: {amount}',
  'utsav.ten': '10% ছাড় যোগ হল, চারটি UTSAV সদস্যপদের নতুন কার্যকর অনুদান: {amount}',
  'dandiya.removed': 'ছাড় আর প্রযোজ্য নয়, তিনটি ডান্ডিয়া নাইট পাসের কার্যকর মূল্য: {amount}',
  'dandiya.ten': '10% ছাড় যোগ হল, চারটি ডান্ডিয়া নাইট পাসের নতুন কার্যকর অনুদান: {amount}',

  // venue pass collection (worker/services/venue/collection.ts, web/features/venue, web/components/PassQr.tsx)
  'venue.badRcptId': 'orderRcptId অনুদানের আইডি নয় (যেমন SMT000042)',
  'pass.qrTitle': 'আপনার পাস',
  'pass.qrHint': 'মণ্ডপে পাস নিতে এই QR কোডটি দেখান।',
  // billing details on a receipt
  'billing.panInvalid': 'PAN দেখতে ABCPE1234F-এর মতো হবে (5টি অক্ষর, 4টি সংখ্যা, একটি অক্ষর)।',
  'billing.gstinInvalid': 'GSTIN দেখতে 27ABCPE1234F1ZB-এর মতো হবে (রাজ্য কোড, PAN, সত্তা, Z, যাচাই অক্ষর)।',
  'billing.gstinCheck': 'GSTIN-এর যাচাই অক্ষর মিলছে না: টাইপ করতে ভুল হয়েছে কি না দেখুন।',
};
