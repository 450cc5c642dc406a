// /dmPass: the daily passes, their waiting lists and the steps after Proceed (web/features/contribute). Bengali, with exactly the keys of passes.en.ts (core/messages/catalogues.test.ts).
import type { PassesKey } from './passes.en';

export const passesBn: Record<PassesKey, string> = {
  // validation (SPEC.md section 5)
  'pass.selectOne': 'এগোনোর আগে অন্তত একটি পাসের সংখ্যা বেছে নিন!',
  'passes.title': 'কুপন | অর্ঘ্য',
  'passes.notOnSale': 'দৈনিক পাস এখন বিক্রি হচ্ছে না। কিছুদিন পরে আবার দেখুন।',
  'passes.fewLeft': 'মাত্র {count}টি বাকি',
  'passes.soldOut': 'সব বিক্রি হয়ে গেছে',
  'passes.utsavPrice': 'উৎসব সদস্য: মাথাপিছু {amount}',
  'passes.othersPrice': 'অন্যরা: মাথাপিছু {amount}',
  'passes.memberUnits': 'আপনার পরিবারের আরও {count}টি পাসে উৎসব সদস্যের দাম প্রযোজ্য।',
  'passes.clear': 'বাছাই মুছুন',
  'passes.proceed': 'এগিয়ে যান',
};
