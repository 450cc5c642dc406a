// /sponsorship: choosing sponsorships (web/features/contribute). Bengali, with exactly the keys of sponsor.en.ts (core/messages/catalogues.test.ts).
import type { SponsorKey } from './sponsor.en';

export const sponsorBn: Record<SponsorKey, string> = {
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

  // shared components
  'contribute.remove': 'বাদ দিন',
};
