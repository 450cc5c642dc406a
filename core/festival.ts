// The festival (fiscal) year runs April to March, in India's time zone: label "2026-27".
import { festivalYear } from './festival-year';
import { getLocale, intlLocale, type Locale } from './i18n';

export { festivalYear };

const dateOpts: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
};
const dateTimeOpts: Intl.DateTimeFormatOptions = { ...dateOpts, hour: '2-digit', minute: '2-digit' };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language and shape: Bengali month names with Western digits (docs/decisions/120). */
function formatter(opts: Intl.DateTimeFormatOptions, which: string, locale: Locale): Intl.DateTimeFormat {
  const key = `${locale}/${which}`;
  let f = formatters.get(key);
  if (!f) {
    // Bengali abbreviations (নভেঃ) read oddly: the Bengali interface writes the month in full
    f = new Intl.DateTimeFormat(
      intlLocale(locale),
      locale === 'bn-IN' && opts.month ? { ...opts, month: 'long' } : opts,
    );
    formatters.set(key, f);
  }
  return f;
}

/** The one date formatter for screens and emails, in the screens' language unless one is given. */
export function formatDate(ms: number | null | undefined, locale: Locale = getLocale()): string {
  return ms ? formatter(dateOpts, 'date', locale).format(new Date(ms)) : '';
}

export function formatDateTime(ms: number | null | undefined, locale: Locale = getLocale()): string {
  return ms ? formatter(dateTimeOpts, 'datetime', locale).format(new Date(ms)) : '';
}

/**
 * A server answer's params as its reader sees them (docs/decisions/271): a param named `…At` is a time in ms and
 * is written as a date and time in that language (the Worker's English `desc`/`message`, the screens' Bengali
 * alike); the others are as sent. The answer itself carries the ms, so each reader formats it in their language.
 */
export function answerParams(
  params: Record<string, string | number> = {},
  locale: Locale = getLocale(),
): Record<string, string | number> {
  const out = { ...params };
  for (const [name, value] of Object.entries(params)) {
    if (name.endsWith('At') && typeof value === 'number') out[name] = formatDateTime(value, locale);
  }
  return out;
}

const timeOpts: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Kolkata',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** A time of today, "19:42": the venue's "waiting since" (a gate works one evening at a time). */
export function formatTime(ms: number | null | undefined, locale: Locale = getLocale()): string {
  return ms ? formatter(timeOpts, 'time', locale).format(new Date(ms)) : '';
}

/** The festival year before a label: "2027-28" -> "2026-27". */
export function previousFestivalYear(label: string): string {
  const start = Number(label.slice(0, 4)) - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
