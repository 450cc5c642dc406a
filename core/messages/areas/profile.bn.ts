// The member's profile and contributions (web/features/profile). Bengali, with exactly the keys of profile.en.ts (core/messages/catalogues.test.ts).
import type { ProfileKey } from './profile.en';

export const profileBn: Record<ProfileKey, string> = {
  // validation (SPEC.md section 5)

  // checkout and profile on a phone (issue 12, docs/decisions/100)
  'profile.showPass': 'পাসের QR দেখান',
  'profile.passCardTitle': '{year} সালের আপনার পাস',
  'profile.passCollected': 'এই পাসগুলি আগেই নেওয়া হয়েছে।',
  'profile.contributions': 'আপনার অনুদান',
  'profile.noneOpen': 'এখনও কোনও পেমেন্ট হওয়া বা চালু অনুদান নেই।',
  'profile.attempts': 'আগের অসম্পূর্ণ চেষ্টা ({count})',
  'profile.attemptsHint': 'যে পেমেন্ট বাতিল হয়েছে, ব্যর্থ হয়েছে বা পরের চেষ্টায় বদলে গেছে। এগুলির জন্য কিছু বাকি নেই।',
  'profile.attemptsLabel': 'আগের অসম্পূর্ণ চেষ্টা',

  // hardening (issue 11): refusals decided by the database
  'profile.giveUp': 'বাতিল করুন',
  'profile.giveUpTitle': 'এই অনুদানটি বাতিল করবেন?',
  'profile.giveUpConfirm':
    'অনুদান {rcpt}-এর টাকা দেওয়া হয়নি। বাতিল করলে এটি যা সংরক্ষণ করে রেখেছে (কোনও স্পনসরশিপ, সদস্যের দাম) তা আপনার বা অন্যদের জন্য আবার খোলা হবে। টাকা দিয়ে থাকলে বাতিল করবেন না: এটি নিশ্চিত হয়ে যাবে।',
  'profile.giveUpYes': 'হ্যাঁ, বাতিল করুন',
  'profile.giveUpNo': 'না, থাক',

  // cancellations and refunds (issue 13, docs/decisions/080-081)
  'refund.memberRefunded': '{date}-এ {amount} ফেরত দেওয়া হয়েছে',
  'refund.memberPending': '{date} থেকে {amount} ফেরতের কাজ চলছে',
  'refund.memberFailed': '{date}-এ {amount} ফেরত দেওয়া যায়নি: আমরা আপনার সঙ্গে যোগাযোগ করব',
  'refund.memberCarried': '{date}-এ {amount} {to} হিসেবে পরের বছরে নিয়ে যাওয়া হয়েছে',
};
