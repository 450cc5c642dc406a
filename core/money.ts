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

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** The one formatter for amounts shown to a person: ₹1,500.00 */
export function formatINR(paise: Paise): string {
  return inr.format(paise / 100);
}

/** True when a rupee amount has at most two decimals and is finite. */
export function isRupeeAmount(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}
