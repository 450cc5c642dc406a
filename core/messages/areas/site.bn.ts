// The public pages: home page, gallery, plans table, offline notes (web/app/public, web/features/site, web/components/NetworkNotes.tsx). Bengali, with exactly the keys of site.en.ts (core/messages/catalogues.test.ts).
import type { SiteKey } from './site.en';

export const siteBn: Record<SiteKey, string> = {
  // public site and gallery (web/app/public, web/features/site)
  'site.becomeMember': 'সদস্য হতে অ্যাকাউন্ট খুলুন',
  'site.galleryPrev': 'আগের ছবি',
  'site.galleryNext': 'পরের ছবি',
  'site.galleryPause': 'স্লাইডশো থামান',
  'site.galleryPlay': 'স্লাইডশো চালান',
  'site.galleryPosition': '{total}টির মধ্যে {n} নম্বর ছবি',
  'site.included': 'আছে',
  'site.notIncluded': 'নেই',
  'site.offlineCopy': 'আপনি এখন অফলাইন। এটি {when}-এ রাখা কপি; সংযোগ ফিরলে নতুন করে দেখাবে।',
  'site.needsNetwork': 'এর জন্য ইন্টারনেট সংযোগ লাগবে। সংযোগ ফিরলে আবার চেষ্টা করুন।',
};
