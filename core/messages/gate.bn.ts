// The Gate sales tab in Bengali, with exactly the keys of gate.en.ts.
import type { GateKey } from './gate.en';

export const gateBn: Record<GateKey, string> = {
  'gateTab.title': 'স্বেচ্ছাসেবক ও দিন অনুযায়ী গেটে বিক্রি',
  'gateTab.none': 'এই উৎসব-বছরে গেটে কোনো পাস বিক্রি হয়নি।',
  'gateTab.day': 'দিন',
  'gateTab.volunteer': 'স্বেচ্ছাসেবক',
  'gateTab.sales': 'বিক্রি',
  'gateTab.units': 'পাস',
  'gateTab.cash': 'নেওয়া নগদ',
  'gateTab.upi': 'UPI-তে',
  'gateTab.handedOver': 'জমা দেওয়া নগদ',
  'gateTab.difference': 'এখনও স্বেচ্ছাসেবকের কাছে',
  'gateTab.record': 'জমা দেওয়া নগদ লিখুন',
  'gateTab.amount': 'জমার পরিমাণ (₹)',
  'gateTab.note': 'মন্তব্য (ঐচ্ছিক)',
  'gateTab.save': 'লিখুন',
  'gateTab.recorded': '{day} তারিখের জন্য {volunteer}-এর কাছ থেকে {amount} জমা লেখা হল।',
  'gateTab.conflicts': 'মেটানোর মতো গেট বিক্রি',
  'gateTab.noConflicts': 'কোনো গেট বিক্রি দেখার দরকার নেই।',
  'gateTab.conflict.oversold': 'অফলাইনে সীমার বেশি বিক্রি',
  'gateTab.conflict.utr_used': 'UTR আগেই অন্য অনুদানে ব্যবহৃত',
  'gateTab.resolve': 'মেটানো হয়েছে',
  'gateTab.resolveNote': 'কীভাবে মেটানো হল',
  'gateTab.resolvedAt': 'মেটানো হয়েছে {time}',
  'gateTab.cancel': 'বাতিল',
};
