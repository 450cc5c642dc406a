// /dmPass: the daily passes, their waiting lists and the steps after Proceed (web/features/contribute). Bengali, with exactly the keys of passes.en.ts (core/messages/catalogues.test.ts).
import type { PassesKey } from './passes.en';

export const passesBn: Record<PassesKey, string> = {
  // validation (SPEC.md section 5)
  'pass.selectOne': 'এগোনোর আগে অন্তত একটি পাসের সংখ্যা বেছে নিন!',
  'pass.extraAmount': 'কত টাকা দিতে চান, লিখুন!',
  'passes.title': 'কুপন | অর্ঘ্য',
  'passes.notOnSale': 'দৈনিক পাস এখন বিক্রি হচ্ছে না। কিছুদিন পরে আবার দেখুন।',
  'passes.fewLeft': 'মাত্র {count}টি বাকি',
  'passes.soldOut': 'সব বিক্রি হয়ে গেছে',
  'passes.joinWaitlist': 'অপেক্ষার তালিকায় নাম লেখান',
  'passes.waitQty': 'কতগুলি চান?',
  'passes.onWaitlist': 'আপনি {qty}টির জন্য অপেক্ষার তালিকায় {position} নম্বরে আছেন।',
  'passes.offerHeld': '{time} পর্যন্ত আপনার জন্য {qty}টি রাখা আছে।',
  'passes.buyOffer': 'এখনই কিনুন',
  'passes.leaveWaitlist': 'অপেক্ষার তালিকা ছেড়ে দিন',
  'passes.waitlistLogin': 'অপেক্ষার তালিকায় নাম লেখাতে লগইন করুন।',
  'passes.offerLogin': 'আপনার জন্য রাখা পাস কিনতে, যে অ্যাকাউন্ট দিয়ে অপেক্ষার তালিকায় নাম লিখিয়েছিলেন সেটি দিয়ে লগইন করুন।',
  'passes.utsavPrice': 'উৎসব সদস্য: মাথাপিছু {amount}',
  'passes.othersPrice': 'অন্যরা: মাথাপিছু {amount}',
  'passes.memberUnits': 'আপনার পরিবারের আরও {count}টি পাসে উৎসব সদস্যের দাম প্রযোজ্য।',
  'passes.clear': 'বাছাই মুছুন',
  'passes.proceed': 'এগিয়ে যান',
  'passes.extraTitle': 'আরও কিছু অনুদান দেবেন?',
  'passes.extraBody': 'উৎসবের জন্য নিজের পছন্দমতো কিছু অনুদান যোগ করতে চান?',
  'passes.extraLabel': 'অনুদানের পরিমাণ (₹)',
  'passes.extraLimit': '₹10,00,000 পর্যন্ত পূর্ণ টাকার অঙ্ক লিখুন (পয়সা ছাড়া)!',
  'passes.withContribution': 'অনুদান সহ এগিয়ে যান',
  'passes.skip': 'অনুদান ছাড়াই এগোন',
  'passes.registerTitle': 'এগোতে নাম নথিভুক্ত করুন',
  'passes.register': 'নথিভুক্ত করে এগিয়ে যান',
  'passes.haveAccount': 'আগেই নথিভুক্ত? লগইন করুন',
};
