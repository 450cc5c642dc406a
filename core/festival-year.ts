// The festival (fiscal) year runs April to March, in India's time zone: label "2026-27". On its own, without the
// date formatters of core/festival.ts (which re-exports it), for the public pages that need only the year.
const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;

export function festivalYear(atMs: number = Date.now()): string {
  const ist = new Date(atMs + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The festival year after a label: "2026-27" -> "2027-28". */
export function nextFestivalYear(label: string): string {
  const start = Number(label.slice(0, 4)) + 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
