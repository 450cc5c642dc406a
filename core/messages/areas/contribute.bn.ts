// Choosing contributions: /membership, /sponsorship, /dmPass (web/features/contribute, core/pricing.ts). Bengali, with exactly the keys of contribute.en.ts (core/messages/catalogues.test.ts).
import type { ContributeKey } from './contribute.en';

export const contributeBn: Record<ContributeKey, string> = {
  // choosing contributions: /membership, /sponsorship, /dmPass
  'contribute.perPerson': 'মাথাপিছু {amount}',
  'contribute.total': 'মোট: {amount}',
  'contribute.beforeWaiver': 'সদস্য ফি মকুবের আগে',
  'contribute.waivedFor': '{count} জনের সদস্য ফি মকুব',
  'contribute.yesProceed': 'হ্যাঁ, এগোই',
  'contribute.notLive': 'সদস্যপদ আর স্পনসরশিপ এখন বন্ধ আছে। কিছুদিন পরে আবার দেখুন।',
  'contribute.offlineCopy': 'আপনি অফলাইন: শেষবার অনলাইনে থাকার সময়ের তালিকা দেখানো হচ্ছে। আপনার বাছাই রাখা আছে।',
  // shared components
  'stepper.remove': 'একটি {name} কমান',
  'stepper.qty': '{name}-এর সংখ্যা',
  'stepper.add': 'একটি {name} যোগ করুন',
};
