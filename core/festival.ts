// The festival (fiscal) year runs April to March, in India's time zone: label "2026-27".

const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;

export function festivalYear(atMs: number = Date.now()): string {
  const ist = new Date(atMs + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const dateFmt = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});
const dateTimeFmt = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** The one date formatter for screens and emails. */
export function formatDate(ms: number | null | undefined): string {
  return ms ? dateFmt.format(new Date(ms)) : '';
}

export function formatDateTime(ms: number | null | undefined): string {
  return ms ? dateTimeFmt.format(new Date(ms)) : '';
}

/** The festival year before a label: "2027-28" -> "2026-27". */
export function previousFestivalYear(label: string): string {
  const start = Number(label.slice(0, 4)) - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
