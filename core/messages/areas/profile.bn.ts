// The member's profile and contributions (web/features/profile). Bengali, with exactly the keys of profile.en.ts (core/messages/catalogues.test.ts).
import type { ProfileKey } from './profile.en';

export const profileBn: Record<ProfileKey, string> = {
  // validation (SPEC.md section 5)

  // checkout and profile on a phone (docs/decisions/100)
  'profile.showPass': 'পাসের QR দেখান',
  'profile.passCardTitle': '{year} সালের আপনার পাস',
  'profile.passCollected': 'এই পাসগুলি আগেই নেওয়া হয়েছে।',
  'profile.contributions': 'আপনার অনুদান',
  'profile.noneOpen': 'এখনও কোনও পেমেন্ট হওয়া বা চালু অনুদান নেই।',
  'profile.attempts': 'আগের অসম্পূর্ণ চেষ্টা ({count})',
  'profile.attemptsHint': 'যে পেমেন্ট বাতিল হয়েছে, ব্যর্থ হয়েছে বা পরের চেষ্টায় বদলে গেছে। এগুলির জন্য কিছু বাকি নেই।',
  'profile.attemptsLabel': 'আগের অসম্পূর্ণ চেষ্টা',

  // hardening: refusals decided by the database
  'profile.giveUp': 'বাতিল করুন',
  'profile.giveUpTitle': 'এই অনুদানটি বাতিল করবেন?',
  'profile.giveUpConfirm':
    'অনুদান {rcpt}-এর টাকা দেওয়া হয়নি। বাতিল করলে এটি যা সংরক্ষণ করে রেখেছে (কোনও স্পনসরশিপ, সদস্যের দাম) তা আপনার বা অন্যদের জন্য আবার খোলা হবে। টাকা দিয়ে থাকলে বাতিল করবেন না: এটি নিশ্চিত হয়ে যাবে।',
  'profile.giveUpYes': 'হ্যাঁ, বাতিল করুন',
  'profile.giveUpNo': 'না, থাক',

  // cancellations and refunds (docs/decisions/080-081)
  'refund.memberRefunded': '{date}-এ {amount} ফেরত দেওয়া হয়েছে',
  'refund.memberPending': '{date} থেকে {amount} ফেরতের কাজ চলছে',
  'refund.memberFailed': '{date}-এ {amount} ফেরত দেওয়া যায়নি: আমরা আপনার সঙ্গে যোগাযোগ করব',
  'refund.memberCarried': '{date}-এ {amount} {to} হিসেবে পরের বছরে নিয়ে যাওয়া হয়েছে',
  // the receipt page (web/features/receipts)
  'receiptPage.title': 'রসিদ',
  'receiptPage.creditNote': 'ক্রেডিট নোট',
  'receiptPage.number': 'রসিদ নং',
  'receiptPage.date': 'তারিখ',
  'receiptPage.year': 'উৎসব বর্ষ',
  'receiptPage.contribution': 'অনুদানের আইডি',
  'receiptPage.receivedFrom': 'সধন্যবাদ গৃহীত হল',
  'receiptPage.onBehalf': 'প্রদানকারী {name}',
  'receiptPage.pan': 'প্যান (PAN)',
  'receiptPage.gstin': 'জিএসটিআইএন (GSTIN)',
  'receiptPage.item': 'বিবরণ',
  'receiptPage.qty': 'সংখ্যা',
  'receiptPage.amount': 'পরিমাণ',
  'receiptPage.convenience': 'অনলাইন সুবিধা মাশুল',
  'receiptPage.total': 'মোট প্রাপ্ত',
  'receiptPage.mode': 'প্রদানের মাধ্যম',
  'receiptPage.modeOnline': 'অনলাইন (Razorpay-এর মাধ্যমে কার্ড/UPI)',
  'receiptPage.modeOffline': 'সরাসরি ব্যাঙ্ক/UPI ট্রান্সফার',
  'receiptPage.modeGateCash': 'নগদ, উৎসবের গেটে',
  'receiptPage.modeGateUpi': 'ইউপিআই, উৎসবের গেটে',
  'receiptPage.home': 'হোম পেজে যান',
  'receiptPage.reference': 'পেমেন্টের রেফারেন্স',
  'receiptPage.bank': 'ব্যাঙ্ক',
  'receiptPage.paidOn': 'প্রদানের তারিখ',
  'receiptPage.carriedOver': 'উৎসব বর্ষ {year}-এ অনুদান {rcpt} হিসেবে স্থানান্তরিত ({amount}): সেখানে এই রসিদটিই প্রযোজ্য।',
  'receiptPage.carriedFrom': 'উৎসব বর্ষ {year}-এর অনুদান {rcpt} থেকে স্থানান্তরিত: এটি তারই রসিদ।',
  'receiptPage.creditNotes': 'এই রসিদের বিপরীতে ক্রেডিট নোট',
  'receiptPage.creditNoteLine': '{number}, {date}: {amount} ফেরত ({mode}, রেফারেন্স {reference})',
  'receiptPage.eightyG': '80G নিবন্ধন: {text}',
  'receiptPage.computer': 'এটি কম্পিউটারে তৈরি রসিদ, স্বাক্ষরের প্রয়োজন নেই।',
  'receiptPage.print': 'প্রিন্ট করুন বা PDF হিসেবে রাখুন',
  'receiptPage.back': 'আপনার অনুদানে ফিরে যান',
  'receiptPage.billingTitle': 'হিসাবের জন্য বিলিংয়ের তথ্য (ঐচ্ছিক)',
  'receiptPage.billingHint': 'আপনার প্রতিষ্ঠানের রসিদে প্রয়োজন হলে বিলিংয়ের নাম, PAN বা GSTIN যোগ করুন।',
  'receiptPage.billingName': 'বিলিংয়ের নাম',
  'receiptPage.billingPan': 'প্যান (PAN)',
  'receiptPage.billingGstin': 'জিএসটিআইএন (GSTIN)',
  'receiptPage.billingSave': 'বিলিংয়ের তথ্য সংরক্ষণ করুন',
  'receiptPage.billingEdit': 'বিলিংয়ের তথ্য যোগ বা বদল করুন',
  'receiptPage.link': 'রসিদ',
  'receiptPage.none': 'এই অনুদানের এখনও কোনো রসিদ নেই।',
};
