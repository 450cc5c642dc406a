// The shapes of the references that identify a bank or UPI payment in India, and how a payer's shared id is
// compared with a bank statement's line (docs/decisions/140). Pure; shared by the payment forms, the Worker and
// the statement matcher, so that a form refuses exactly what the server refuses.
//
// - UPI: the 12-digit UPI reference number (RRN, "UTR" in most apps: Google Pay "UPI transaction ID", PhonePe
//   "UTR", Paytm "UPI Ref No."). IMPS: the 12-digit RRN as well.
// - NEFT: a 16-character UTR, the sending bank's 4-letter IFSC code, a system character, the year, the day of
//   the year and a sequence (SBIN423301234567), or as some banks print it, N and 15 digits (N325241234567890).
// - RTGS (and NEFT at banks on the newer format): 22 characters, the IFSC bank code, R or N, a channel
//   character, YYYYMMDD and an 8-digit sequence (HDFCR52024112512345678, HDFCN52024112512345678).
// Anything else (4 digits, a mobile number, "UPI", an app's internal order id) cannot identify a credit on the
// association's statement and is refused where a payer shares it.

const SHAPES: readonly RegExp[] = [
  /^\d{12}$/, // UPI RRN / IMPS RRN
  /^[A-Z]{4}[A-Z0-9]\d{11}$/, // NEFT, 16: IFSC bank code + system + YYDDD + sequence
  /^[A-Z]\d{15}$/, // NEFT, 16, as N + 15 digits
  /^[A-Z]{4}[A-Z0-9]{2}\d{16}$/, // RTGS / NEFT, 22: bank code + R|N + channel + YYYYMMDD + sequence
];

/** A bank/UPI reference as people write it: spaces (apps group digits) gone, upper case. */
export function normalizeReference(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/**
 * True when a (normalized) shared id has the shape of a UPI, IMPS, NEFT or RTGS reference, and is not one
 * digit repeated (000000000000), which no bank issues.
 */
export function isPaymentReference(id: string): boolean {
  if (/^(\d)\1+$/.test(id)) return false;
  return SHAPES.some((re) => re.test(id));
}

/**
 * The whole reference tokens of a statement's text (its reference column or narration): runs of letters and
 * digits between separators (`/`, `-`, `*`, `:`, spaces, `@` ...), upper case. `UPI/CR/485724971134/RAHUL DAS`
 * holds `485724971134`, never `4857`.
 */
export function referenceTokens(text: string): string[] {
  return text.toUpperCase().match(/[A-Z0-9]+/g) ?? [];
}

/**
 * Whether a statement's token is the shared id: equal, or the same number with leading zeros (HDFC prints a
 * UPI reference in its Chq./Ref.No. column zero-padded to 16 digits: 0000485724971134). Never a part of a
 * longer token, never a prefix.
 */
export function tokenIsReference(token: string, id: string): boolean {
  if (token === id) return true;
  return (
    /^\d+$/.test(id) &&
    token.length > id.length &&
    token.endsWith(id) &&
    /^0+$/.test(token.slice(0, token.length - id.length))
  );
}
