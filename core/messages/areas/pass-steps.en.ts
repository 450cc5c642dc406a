// /dmPass after Proceed and on a sold-out pass: the extra contribution, Register to Proceed and the waiting list
// (web/features/contribute PassSteps.tsx, Waitlist.tsx, both loaded on first use). Split from the passes area so that
// the page's first load carries only what its first screen shows (docs/decisions/115, 176). Bengali: pass-steps.bn.ts.
export const passStepsEn = {
  'pass.extraAmount': 'Please add the amount to contribute!',
  'passes.joinWaitlist': 'Join the waiting list',
  'passes.waitQty': 'How many do you want?',
  'passes.onWaitlist': 'You are number {position} on the waiting list for {qty}.',
  'passes.offerHeld': '{qty} held for you until {time}.',
  'passes.buyOffer': 'Buy them now',
  'passes.leaveWaitlist': 'Leave the waiting list',
  'passes.waitlistLogin': 'Log in to join the waiting list.',
  'passes.extraTitle': 'Add an extra contribution?',
  'passes.extraBody': 'Would you like to add a contribution of your choice towards the festival?',
  'passes.extraLabel': 'Contribution amount (₹)',
  'passes.extraLimit': 'Please enter a whole number of rupees up to ₹10,00,000!',
  'passes.withContribution': 'Proceed with Contribution',
  'passes.skip': 'Skip Contribution',
  'passes.registerTitle': 'Register to Proceed',
  'passes.register': 'Register and Proceed',
  'passes.haveAccount': 'Already registered? Login',
  'passes.offerLogin': 'Log in with the account that joined the waiting list to buy the units held for you.',
} as const;

export type PassStepsKey = keyof typeof passStepsEn;
