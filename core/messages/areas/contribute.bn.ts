// Choosing contributions: /membership, /sponsorship, /dmPass (web/features/contribute, core/pricing.ts). Bengali, with exactly the keys of contribute.en.ts (core/messages/catalogues.test.ts).
import type { ContributeKey } from './contribute.en';

export const contributeBn: Record<ContributeKey, string> = {
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
  'contribute.offlineCopy': 'আপনি অফলাইন: শেষবার অনলাইনে থাকার সময়ের তালিকা দেখানো হচ্ছে। আপনার বাছাই রাখা আছে।',
  // shared components (issue 16)
  'stepper.remove': 'একটি {name} কমান',
  'stepper.qty': '{name}-এর সংখ্যা',
  'stepper.add': 'একটি {name} যোগ করুন',
};
