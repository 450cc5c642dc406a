// The public pages: home page, gallery, plans table, offline notes (web/app/public, web/features/site, web/components/NetworkNotes.tsx).
// One area of the English catalogue (docs/decisions/115): a screen imports its area (core/messages/areas/site.ts)
// and loads only its strings; t() finds them like every other key. Bengali: site.bn.ts, same keys.
export const siteEn = {
  // public site and gallery (web/app/public, web/features/site)
  'site.becomeMember': 'Create an account to become a member',
  'site.galleryPrev': 'Previous photo',
  'site.galleryNext': 'Next photo',
  'site.galleryPause': 'Pause slideshow',
  'site.galleryPlay': 'Play slideshow',
  'site.galleryPosition': 'Photo {n} of {total}',
  'site.included': 'Included',
  'site.notIncluded': 'Not included',
  'site.offlineCopy': 'You are offline. This is the copy saved on {when}; it refreshes when you are back online.',
  'site.needsNetwork': 'This needs an internet connection. Please try again when you are back online.',
} as const;

export type SiteKey = keyof typeof siteEn;
