// /dmPass: the daily passes, their waiting lists and the steps after Proceed (web/features/contribute). One area of the English catalogue (docs/decisions/115, 176): split from
// the contribute area so that each contribution page loads only its own strings. Bengali: passes.bn.ts, same keys.
export const passesEn = {
  // validation (SPEC.md section 5)
  'pass.selectOne': 'Please select at least one quantity before proceeding!',
  'pass.extraAmount': 'Please add the amount to contribute!',
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
} as const;

export type PassesKey = keyof typeof passesEn;
