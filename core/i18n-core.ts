import type { MessageKey } from './messages/keys';

export type { MessageKey };

/**
 * The lookup itself: the language, the catalogues registered so far, t(), format() (docs/decisions/115, 120).
 * It imports no catalogue, so the catalogues that need a lookup of their own (core/messages/member.en.ts,
 * admin.en.ts, core/renewals/messages.en.ts) import this module and not core/i18n.ts, which loads them: no
 * import cycle. Everything else imports core/i18n.ts, which registers the shared strings first.
 */
export type Locale = 'en' | 'bn-IN';
export const LOCALES: readonly Locale[] = ['en', 'bn-IN'];

type Messages = Partial<Record<MessageKey, string>>;
/** Every English area registered so far: the shared one (core/i18n.ts) and each area a loaded screen imports. */
const english: Messages = {};
const catalogues: Partial<Record<Locale, Messages>> = {};

/** Any language code (bn, bn-IN, bn-BD, en-GB, xx, undefined) to one of ours; unknown codes mean English. */
export function parseLocale(code: unknown): Locale {
  return typeof code === 'string' && /^bn(?:[-_]|$)/i.test(code.trim()) ? 'bn-IN' : 'en';
}

let current: Locale = 'en';

/** The language of the screens (the browser). The Worker never changes it: it passes the language to tIn. */
export function getLocale(): Locale {
  return current;
}

/** Switches the screens' language; the caller re-renders. Bengali must be loaded first (loadLocale). */
export function setLocale(locale: Locale): void {
  current = locale === 'en' || catalogues[locale] ? locale : 'en';
}

/** Adds an area's English strings (core/messages/areas/<area>.ts does, when a screen imports it). */
export function addMessages(messages: Messages): void {
  Object.assign(english, messages);
}

/** Adds strings of a language other than English (loadLocale: every area's Bengali at once). */
export function registerCatalogue(locale: Locale, messages: Messages): void {
  if (locale === 'en') {
    addMessages(messages);
    return;
  }
  catalogues[locale] = { ...catalogues[locale], ...messages };
}

export function hasCatalogue(locale: Locale): boolean {
  return locale === 'en' || !!catalogues[locale];
}

// Catalogues of their own (core/renewals/messages.<lang>.ts, member, admin...), by name, for languages other than
// English; each English one is in its module (catalogueFn).
const extras = new Map<string, Record<string, string>>();

/** A named catalogue of a language other than English. */
export function registerExtra(locale: Locale, name: string, messages: Record<string, string>): void {
  extras.set(`${locale}/${name}`, messages);
}

/** A lookup function for a catalogue of its own (core/messages/member.en.ts, admin.en.ts), like t(). */
export function catalogueFn<K extends string>(name: string, english: Record<K, string>) {
  return (key: K, params: Record<string, string | number> = {}): string =>
    format(extraCatalogue(name)?.[key] ?? english[key], params);
}

/** A named catalogue in the given language, or undefined (then the caller uses its English one). */
export function extraCatalogue(name: string, locale: Locale = current): Record<string, string> | undefined {
  return locale === 'en' ? undefined : extras.get(`${locale}/${name}`);
}

/** Fills the {placeholders} of a message (any catalogue: messages/en.ts, renewals/messages.en.ts). */
export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * A message a server answered by key (an error's `{error, desc, key, params}`, a success's `messageKey` and
 * `messageParams`), in the given language: the screens' catalogue, then the catalogues of their own (the renewals
 * area's; no key is in two). Undefined when that language has no such key loaded: the caller then shows the
 * answer's own text (English, written by the server from the same key). Nothing is read back from English
 * (docs/decisions/195).
 */
export function tAnswered(
  key: string,
  params: Record<string, string | number> = {},
  locale: Locale = current,
): string | undefined {
  let message = (locale === 'en' ? english : catalogues[locale])?.[key as MessageKey];
  if (message === undefined && locale !== 'en') {
    for (const [name, extra] of extras) if (name.startsWith(`${locale}/`) && key in extra) message = extra[key];
  }
  return message === undefined ? undefined : format(message, params);
}

/** Whether a text is a key of the English catalogue registered so far (a contract's message: core/contracts/common). */
export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(english, key);
}

/** Looks a message up by key in the current language and fills {placeholders}. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return tIn(current, key, params);
}

/** Looks a message up in the given language (emails, the Worker); English when that language is not loaded. */
export function tIn(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  return format((catalogues[locale] ?? english)[key] ?? english[key]!, params);
}

/** The Intl locale for numbers and dates: Bengali words with Western digits (docs/decisions/120). */
export function intlLocale(locale: Locale = current): string {
  return locale === 'bn-IN' ? 'bn-IN-u-nu-latn' : 'en-IN';
}
