// /sponsorship: choosing sponsorships (web/features/contribute). One area of the English catalogue (docs/decisions/115, 176): split from
// the contribute area so that each contribution page loads only its own strings. Bengali: sponsor.bn.ts, same keys.
export const sponsorEn = {
  'contribute.sponsorshipTitle': 'Choose Sponsorship(s)',
  'contribute.hideSponsored': 'Hide already sponsored items',
  'contribute.showAll': 'Show all items',
  'contribute.fullSponsor': 'Full Sponsor',
  'contribute.coSponsor': 'Co-Sponsor',
  'contribute.sponsoredBy': 'Sponsored by {name}',
  'contribute.taken': 'Already taken for this year',
  'contribute.replan': 'Replan Membership',
  'contribute.review': 'Review your Selection(s)',
  'contribute.noMembershipTitle': 'No membership selected',
  'contribute.noMembershipBody':
    'You have not selected any membership plan. Do you want to proceed without a membership?',
  'contribute.selectMembership': 'No, Select Membership',
  'contribute.nothingSelected': 'Please select a membership or a sponsorship before proceeding!',

  // shared components
  'contribute.remove': 'Remove',
} as const;

export type SponsorKey = keyof typeof sponsorEn;
