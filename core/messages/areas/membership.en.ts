// /membership: choosing a membership, its plans' comparison (web/features/contribute). One area of the English
// catalogue (docs/decisions/115, 176), split from the contribute area so that each contribution page loads only its
// own strings. Bengali: membership.bn.ts, same keys.
export const membershipEn = {
  'contribute.membershipTitle': 'Choose your Membership / Renewal Option',
  'contribute.familyNote':
    'Family benefit: the UTSAV contribution is 5% lower for three members and 10% lower for four or more. Fees are waived for up to 4 family members with full sponsorships of ₹15,000 or more, and for up to 6 with ₹35,000 or more.',
  'contribute.comparison': 'Membership plan Comparison',
  'contribute.clearCart': 'Clear Cart',
  'contribute.proceedSponsorship': 'Proceed for Sponsorship',
  'contribute.zeroTitle': 'Are you sure to proceed?',
  'contribute.zeroBody': 'You have not chosen any membership plan; your membership total is {amount}.',
} as const;

export type MembershipKey = keyof typeof membershipEn;
