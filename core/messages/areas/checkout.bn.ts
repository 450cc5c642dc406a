// Checkout and paying by transfer (web/features/checkout, web/components/payment/BankTransfer.tsx). Bengali, with exactly the keys of checkout.en.ts (core/messages/catalogues.test.ts).
import type { CheckoutKey } from './checkout.en';

export const checkoutBn: Record<CheckoutKey, string> = {
  // validation (SPEC.md section 5)
  'address.mandatory': 'তারকা (*) চিহ্নিত ঘরগুলি পূরণ করুন!',
  'txn.requiredCheckout': 'এগোতে হলে ব্যাঙ্ক/UPI ট্রানজ্যাকশন আইডি দিন',
  'txn.hint': 'আপনার UPI অ্যাপে পেমেন্টটি খুলুন: তার 12 অঙ্কের UPI রেফারেন্স (UTR)। NEFT বা RTGS হলে ব্যাঙ্কের UTR।',
  'txn.notReference':
    'এটি কোনো ব্যাঙ্ক বা UPI রেফারেন্স নয়। আপনার UPI অ্যাপের পেমেন্ট থেকে 12 অঙ্কের UPI রেফারেন্স নম্বর (UTR) কপি করুন; NEFT বা RTGS হলে ব্যাঙ্কের দেখানো UTR (16 বা 22 অক্ষরের)।',

  // checkout and profile on a phone (docs/decisions/100)
  'checkout.required': 'আবশ্যক',
  'checkout.dismissed': 'পেমেন্ট বাতিল হয়েছে। কোনও টাকা কাটা হয়নি।',
  'checkout.failed': 'পেমেন্ট সম্পূর্ণ হয়নি। কোনও টাকা কাটা হয়নি।',
  'checkout.cartKept': 'আপনার বাছাই রাখা আছে: আবার চেষ্টা করুন, অথবা কনভিনিয়েন্স চার্জ ছাড়াই সরাসরি ট্রান্সফারে দিন।',
  'checkout.tryAgain': 'আবার চেষ্টা করুন',
  'checkout.payByTransfer': 'সরাসরি ট্রান্সফারে দিন',
  'checkout.chooseAgain': 'আবার বাছুন',
  'checkout.confirming': 'আপনার পেমেন্ট হয়ে গেছে। ব্যাঙ্কের সঙ্গে মিলিয়ে নিশ্চিত করা হচ্ছে; হয়ে গেলেই আপনার প্রোফাইলে দেখা যাবে।',
  'checkout.doneTitle': 'ধন্যবাদ! আপনার পেমেন্ট পাওয়া গেছে',
  'checkout.doneBody': 'আপনার অনুদান নিশ্চিত হয়েছে। বিস্তারিত সহ একটি ইমেল আপনার কাছে যাচ্ছে।',
  'checkout.sharedBody': 'আপনার লেনদেনের বিবরণ আমরা পেয়েছি। ট্রান্সফার যাচাই করে নিশ্চিত হলেই আপনাকে ইমেল করব।',
  'checkout.sharedTitle': 'ধন্যবাদ! আমরা আপনার ট্রান্সফার যাচাই করব',
  'checkout.contributionId': 'অনুদানের আইডি',
  'checkout.amount': 'পরিমাণ',
  'checkout.passHint': 'আপনার পাসের QR প্রোফাইলে আছে: পাস নিতে গেটে সেটি দেখান।',
  'checkout.showPass': 'আমার পাস দেখান',
  'checkout.myContributions': 'আমার অনুদান',
  'checkout.home': 'হোম',
  'checkout.empty': 'আপনার কার্ট খালি।',
  'checkout.unfinished': 'আপনার {amount}-এর অনুদান {rcpt} পেমেন্টের অপেক্ষায় আছে।',
  'checkout.resume': 'পেমেন্ট সম্পূর্ণ করুন',
  'checkout.shareDetails': 'ট্রান্সফারের তথ্য দিন',
  'phone.copy': 'কপি',
  'phone.copied': 'কপি হয়েছে',
  'phone.copyLabel': '{what} কপি করুন',
  'phone.payUpiApp': 'UPI অ্যাপে দিন',
  'phone.upiAppHint': 'আপনার UPI অ্যাপ খুলবে, টাকার অঙ্ক আর অনুদানের আইডি বসানো থাকবে। অথবা অন্য ফোন থেকে QR কোডটি স্ক্যান করুন।',
  'checkout.choosePasses': 'পাস বাছুন',
  'checkout.chooseContribution': 'সদস্যপদ বা স্পনসরশিপ বাছুন',

  // checkout with no connection (docs/decisions/151)
  'checkout.offlineTitle': 'সংযোগ নেই',
  'checkout.offlineKept': 'সংযোগ নেই। আপনার বাছাই এই ডিভাইসে রাখা আছে; পেমেন্ট নেটওয়ার্কের অপেক্ষায়, সংযোগ ফিরলেই এখান থেকে এগোবে।',
  'checkout.offlineWaiting': 'সার্ভারের উত্তরের অপেক্ষা। আপনার বাছাই এই ডিভাইসে রাখা আছে; উত্তর এলেই পেমেন্ট এখান থেকে এগোবে।',
  'checkout.offlineSaved': '{when}-এ যেমন ছিল, আপনার কার্ট সেভাবেই দেখানো হচ্ছে।',
  'checkout.offlineSee': 'আপনার বাছাই দেখুন',
  'checkout.offlineRetry': 'এখনই আবার চেষ্টা করুন',
  // billing details for the receipt
  'checkout.billingTitle': 'রসিদের জন্য বিলিংয়ের তথ্য (ঐচ্ছিক)',
  'checkout.billingHint':
    'কোনো সংস্থা বা প্রতিষ্ঠান রসিদটি হিসাবে রাখলে: তার নাম, PAN ও GSTIN। নইলে খালি রাখুন; পরে রসিদে যোগ করতে পারবেন।',
  'checkout.billingName': 'বিলিংয়ের নাম',
  'checkout.billingPan': 'প্যান (PAN)',
  'checkout.billingGstin': 'জিএসটিআইএন (GSTIN)',
};
