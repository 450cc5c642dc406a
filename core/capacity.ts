// Capacity per product (docs/decisions/245): what a buyer is told about the units left. Pure: the server
// answers it with the catalogue, the screens show it.

/** "Only N left" from this many units left: 10, or a tenth of a larger capacity (80 of 800 plates). */
export const fewLeftFrom = (capacity: number) => Math.max(10, Math.ceil(capacity / 10));

export type Availability = {
  /** the units that may be held or sold; null: unlimited */
  capacity: number | null;
  /** the units still to be had; null when unlimited */
  unitsLeft: number | null;
  /** none left: the product cannot be bought now (a waiting list may be joined) */
  soldOut: boolean;
  /** few left: the screens say "only N left" */
  fewLeft: boolean;
};

export function availability(capacity: number | null, taken: number): Availability {
  if (capacity === null) return { capacity: null, unitsLeft: null, soldOut: false, fewLeft: false };
  const left = Math.max(0, capacity - taken);
  return { capacity, unitsLeft: left, soldOut: left === 0, fewLeft: left > 0 && left <= fewLeftFrom(capacity) };
}

/** How long a waiting-list offer holds its units for the member it went to (docs/decisions/246). */
export const WAITLIST_OFFER_HOURS = 12;
