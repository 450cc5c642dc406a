// /dmPass: the daily passes, their waiting lists and the steps after Proceed (web/features/contribute). One area of the English catalogue (docs/decisions/115, 176): split from
// the contribute area so that each contribution page loads only its own strings. Bengali: passes.bn.ts, same keys.
export const passesEn = {
  // validation (SPEC.md section 5)
  'pass.selectOne': 'Please select at least one quantity before proceeding!',
  'passes.title': 'Coupons | Offering',
  'passes.notOnSale': 'Daily passes are not on sale right now. Please check back soon.',
  // capacity and waiting lists
  'passes.fewLeft': 'Only {count} left',
  'passes.soldOut': 'Sold out',
  'passes.utsavPrice': 'Utsav Members: {amount} per person',
  'passes.othersPrice': 'Others: {amount} per person',
  'passes.memberUnits': 'Utsav member price applies to {count} more pass(es) for your household.',
  'passes.clear': 'Clear Selection',
  'passes.proceed': 'Proceed',
} as const;

export type PassesKey = keyof typeof passesEn;
