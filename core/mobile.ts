// Mobile numbers as the app stores and compares them. No dependencies: the venue phone's search worker uses it.

/** Keeps digits only; an Indian number written with +91 or 0 is stored as its 10 digits. */
export function normalizeMobile(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return digits;
}

/**
 * A mobile as a volunteer reads it on a search result: enough to tell two people of one name apart ("the number
 * ending 4321?"), not the whole number for the crowd around the desk to read. "9876504321" -> "••••••4321".
 */
export function maskMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  if (digits.length <= 4) return digits;
  return `${'•'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}
