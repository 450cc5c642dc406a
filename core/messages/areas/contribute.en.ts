// Choosing contributions: /membership, /sponsorship, /dmPass (web/features/contribute, core/pricing.ts).
// One area of the English catalogue (docs/decisions/115): a screen imports its area (core/messages/areas/contribute.ts)
// and loads only its strings; t() finds them like every other key. Bengali: contribute.bn.ts, same keys.
export const contributeEn = {
  // validation (SPEC.md section 5)
  'pass.selectOne': 'Please select at least one quantity before proceeding!',
  'pass.extraAmount': 'Please add the amount to contribute!',

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
  'contribute.offlineCopy':
    'You are offline: these are the items saved when you were last online. Your selection is kept.',
  'passes.title': 'Coupons | Offering',
  'passes.notOnSale': 'Daily passes are not on sale right now. Please check back soon.',
  // capacity and waiting lists (issue 24)
  'passes.fewLeft': 'Only {count} left',
  'passes.soldOut': 'Sold out',
  'passes.joinWaitlist': 'Join the waiting list',
  'passes.waitQty': 'How many do you want?',
  'passes.onWaitlist': 'You are number {position} on the waiting list for {qty}.',
  'passes.offerHeld': '{qty} held for you until {time}.',
  'passes.buyOffer': 'Buy them now',
  'passes.leaveWaitlist': 'Leave the waiting list',
  'passes.waitlistLogin': 'Log in to join the waiting list.',
  'passes.offerLogin': 'Log in with the account that joined the waiting list to buy the units held for you.',
  'passes.utsavPrice': 'Utsav Members: {amount} per person',
  'passes.othersPrice': 'Others: {amount} per person',
  'passes.memberUnits': 'Utsav member price applies to {count} more pass(es) for your household.',
  'passes.clear': 'Clear Selection',
  'passes.proceed': 'Proceed',
  'passes.extraTitle': 'Add an extra contribution?',
  'passes.extraBody': 'Would you like to add a contribution of your choice towards the festival?',
  'passes.extraLabel': 'Contribution amount (₹)',
  'passes.extraLimit': 'Please enter a whole number of rupees up to ₹10,00,000!',
  'passes.withContribution': 'Proceed with Contribution',
  'passes.skip': 'Skip Contribution',
  'passes.registerTitle': 'Register to Proceed',
  'passes.register': 'Register and Proceed',
  'passes.haveAccount': 'Already registered? Login',

  // shared components (issue 16)
  'contribute.remove': 'Remove',
  'stepper.remove': 'Remove one {name}',
  'stepper.qty': '{name} quantity',
  'stepper.add': 'Add one {name}',
} as const;

export type ContributeKey = keyof typeof contributeEn;
