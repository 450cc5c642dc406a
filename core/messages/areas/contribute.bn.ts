// Choosing contributions: /membership, /sponsorship, /dmPass (web/features/contribute, core/pricing.ts). Bengali, with exactly the keys of contribute.en.ts (core/messages/catalogues.test.ts).
import type { ContributeKey } from './contribute.en';

export const contributeBn: Record<ContributeKey, string> = {
  // validation (SPEC.md section 5)
  'pass.selectOne': 'এগোনোর আগে অন্তত একটি পাসের সংখ্যা বেছে নিন!',
  'pass.extraAmount': 'কত টাকা দিতে চান, লিখুন!',

  // choosing contributions: /membership, /sponsorship, /dmPass (issue 3)
  'contribute.membershipTitle': 'আপনার সদস্যপদ / নবীকরণ বেছে নিন',
  'contribute.familyNote':
    'পরিবারের সুবিধা: তিনজন সদস্য হলে UTSAV অনুদান 5% কম, চার বা তার বেশি হলে 10% কম। ₹15,000 বা তার বেশি পূর্ণ স্পনসরশিপে পরিবারের সর্বোচ্চ 4 জনের, আর ₹35,000 বা তার বেশিতে সর্বোচ্চ 6 জনের সদস্য-চাঁদা লাগে না।',
  'contribute.comparison': 'সদস্যপদের তুলনা',
  'contribute.perPerson': 'মাথাপিছু {amount}',
  'contribute.total': 'মোট: {amount}',
  'contribute.clearCart': 'সব বাদ দিন',
  'contribute.proceedSponsorship': 'স্পনসরশিপে এগিয়ে যান',
  'contribute.zeroTitle': 'আপনি কি এগোতে চান?',
  'contribute.zeroBody': 'আপনি কোনও সদস্যপদ বেছে নেননি, আপনার সদস্যপদের মোট {amount}।',
  'contribute.yesProceed': 'হ্যাঁ, এগোই',
  'contribute.notLive': 'সদস্যপদ আর স্পনসরশিপ এখন বন্ধ আছে। কিছুদিন পরে আবার দেখুন।',
  'contribute.sponsorshipTitle': 'স্পনসরশিপ বেছে নিন',
  'contribute.hideSponsored': 'যেগুলির স্পনসর হয়ে গেছে, সেগুলি লুকান',
  'contribute.showAll': 'সবকটি দেখান',
  'contribute.fullSponsor': 'পূর্ণ স্পনসর',
  'contribute.coSponsor': 'সহ-স্পনসর',
  'contribute.sponsoredBy': 'স্পনসর: {name}',
  'contribute.taken': 'এ বছরের জন্য আগেই নেওয়া হয়ে গেছে',
  'contribute.replan': 'সদস্যপদ আবার বাছুন',
  'contribute.review': 'আপনার বাছাই মিলিয়ে নিন',
  'contribute.noMembershipTitle': 'কোনও সদস্যপদ বাছা হয়নি',
  'contribute.noMembershipBody': 'আপনি কোনও সদস্যপদ বেছে নেননি। সদস্যপদ ছাড়াই কি এগোতে চান?',
  'contribute.selectMembership': 'না, সদস্যপদ বাছব',
  'contribute.nothingSelected': 'এগোনোর আগে একটি সদস্যপদ বা স্পনসরশিপ বেছে নিন!',
  'contribute.offlineCopy': 'আপনি অফলাইন: শেষবার অনলাইনে থাকার সময়ের তালিকা দেখানো হচ্ছে। আপনার বাছাই রাখা আছে।',
  'passes.title': 'কুপন | অর্ঘ্য',
  'passes.notOnSale': 'দৈনিক পাস এখন বিক্রি হচ্ছে না। কিছুদিন পরে আবার দেখুন।',
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

  // shared components (issue 16)
  'contribute.remove': 'বাদ দিন',
  'stepper.remove': 'একটি {name} কমান',
  'stepper.qty': '{name}-এর সংখ্যা',
  'stepper.add': 'একটি {name} যোগ করুন',
};
