// Money is integer paise everywhere inside the system; rupees exist only at the API edge and on screen.

export type Paise = number;

/** Rupees (number with at most two decimals) to integer paise. */
export function rupeesToPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

/** Integer paise to rupees for API fields that SPEC.md shows in rupees. */
export function paiseToRupees(paise: Paise): number {
  return Math.round(paise) / 100;
}

/** Multiplies by a fraction given in basis points (1/100 of a percent), rounding half up to the paisa. */
export function applyBasisPoints(paise: Paise, basisPoints: number): Paise {
  return Math.floor((paise * basisPoints) / 10_000 + 0.5);
}

let intlInr: Intl.NumberFormat | null = null;

/**
 * The one formatter for amounts shown to a person: ₹1,500.00, -₹20.00, ₹12,34,567.50 (en-IN: the last three
 * digits, then pairs). Written out instead of Intl.NumberFormat('en-IN', currency INR), whose output it
 * reproduces (core/money.test.ts compares them): building that formatter cost a phone about 40 ms of main thread
 * on every first page, before the first tap (docs/decisions/172). Intl still answers what is not a plain amount.
 */
export function formatINR(paise: Paise): string {
  if (!Number.isFinite(paise) || Math.abs(paise) >= 1e15) {
    intlInr ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
    return intlInr.format(paise / 100);
  }
  // rounded as Intl rounds: half up, on the shortest decimal form of the rupees (1.005 is ₹1.01)
  const rupeesExact = Math.abs(paise) / 100;
  const whole = rupeesExact < 1e-6 ? 0 : Math.round(Number(`${rupeesExact}e2`));
  const rupees = String(Math.floor(whole / 100));
  const grouped =
    rupees.length > 3 ? `${rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${rupees.slice(-3)}` : rupees;
  const sign = paise < 0 || Object.is(paise, -0) ? '-' : '';
  return `${sign}₹${grouped}.${String(whole % 100).padStart(2, '0')}`;
}

/** True when a rupee amount has at most two decimals and is finite. */
export function isRupeeAmount(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}
