// /membership: choosing a membership, its plans' comparison (web/features/contribute). Bengali, with exactly the keys
// of membership.en.ts (core/messages/catalogues.test.ts).
import type { MembershipKey } from './membership.en';

export const membershipBn: Record<MembershipKey, string> = {
  'contribute.membershipTitle': 'আপনার সদস্যপদ / নবীকরণ বেছে নিন',
  'contribute.familyNote':
    'পরিবারের সুবিধা: তিনজন সদস্য হলে UTSAV অনুদান 5% কম, চার বা তার বেশি হলে 10% কম। ₹15,000 বা তার বেশি পূর্ণ স্পনসরশিপে পরিবারের সর্বোচ্চ 4 জনের, আর ₹35,000 বা তার বেশিতে সর্বোচ্চ 6 জনের সদস্য-চাঁদা লাগে না।',
  'contribute.comparison': 'সদস্যপদের তুলনা',
  'contribute.clearCart': 'সব বাদ দিন',
  'contribute.proceedSponsorship': 'স্পনসরশিপে এগিয়ে যান',
  'contribute.zeroTitle': 'আপনি কি এগোতে চান?',
  'contribute.zeroBody': 'আপনি কোনও সদস্যপদ বেছে নেননি, আপনার সদস্যপদের মোট {amount}।',
};
