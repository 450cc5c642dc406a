// Choosing contributions: /membership, /sponsorship, /dmPass (web/features/contribute, core/pricing.ts).
// One area of the English catalogue (docs/decisions/115): a screen imports its area (core/messages/areas/contribute.ts)
// and loads only its strings; t() finds them like every other key. Bengali: contribute.bn.ts, same keys. What two or three
// of the pages show; each page's own strings are its area: membership, sponsor, passes (docs/decisions/176).
export const contributeEn = {
  // choosing contributions: /membership, /sponsorship, /dmPass
  'contribute.perPerson': '{amount} per person',
  'contribute.total': 'Total Amount: {amount}',
  // under the total bars' amount (docs/decisions/275)
  'contribute.beforeWaiver': 'before the membership fee waiver',
  'contribute.waivedFor': 'membership fee waived for {count}',
  'contribute.yesProceed': 'Yes, Proceed',
  'contribute.notLive': 'Membership and sponsorship are not open right now. Please check back soon.',
  'contribute.offlineCopy':
    'You are offline: these are the items saved when you were last online. Your selection is kept.',
  // shared components
  'stepper.remove': 'Remove one {name}',
  'stepper.qty': '{name} quantity',
  'stepper.add': 'Add one {name}',
} as const;

export type ContributeKey = keyof typeof contributeEn;
