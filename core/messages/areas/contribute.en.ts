// Choosing contributions: /membership, /sponsorship, /dmPass (web/features/contribute, core/pricing.ts).
// One area of the English catalogue (docs/decisions/115): a screen imports its area (core/messages/areas/contribute.ts)
// and loads only its strings; t() finds them like every other key. Bengali: contribute.bn.ts, same keys. The daily
// passes' strings are the passes area, the sponsorship page's the sponsor area (docs/decisions/176).
export const contributeEn = {
  // choosing contributions: /membership, /sponsorship, /dmPass (issue 3)
  'contribute.membershipTitle': 'Choose your Membership / Renewal Option',
  'contribute.familyNote':
    'Family benefit: the UTSAV contribution is 5% lower for three members and 10% lower for four or more. Fees are waived for up to 4 family members with full sponsorships of ₹15,000 or more, and for up to 6 with ₹35,000 or more.',
  'contribute.comparison': 'Membership plan Comparison',
  'contribute.perPerson': '{amount} per person',
  'contribute.total': 'Total Amount: {amount}',
  'contribute.clearCart': 'Clear Cart',
  'contribute.proceedSponsorship': 'Proceed for Sponsorship',
  'contribute.zeroTitle': 'Are you sure to proceed?',
  'contribute.zeroBody': 'You have not chosen any membership plan; your membership total is {amount}.',
  'contribute.yesProceed': 'Yes, Proceed',
  'contribute.notLive': 'Membership and sponsorship are not open right now. Please check back soon.',
  'contribute.offlineCopy':
    'You are offline: these are the items saved when you were last online. Your selection is kept.',
  // shared components (issue 16)
  'stepper.remove': 'Remove one {name}',
  'stepper.qty': '{name} quantity',
  'stepper.add': 'Add one {name}',
} as const;

export type ContributeKey = keyof typeof contributeEn;
