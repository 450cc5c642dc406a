// The language of the screens (docs/decisions/120): English or Bengali, chosen in the nav, kept on
// this device (local storage, kept across logouts) and, for a signed-in member, on the account (/setLanguage).
// The first visit follows the browser's language. URLs stay the same; <html lang> follows the choice.
import { useSyncExternalStore } from 'react';
import { getLocale, type Locale, loadLocale, parseLocale } from '../../core/i18n';

export const LANG_KEY = 'samiti-lang';
const listeners = new Set<() => void>();

function stored(): string | null {
  try {
    return localStorage.getItem(LANG_KEY);
  } catch {
    return null;
  }
}

/** The device's choice, else the browser's first language that we have, else English. */
export function initialLocale(): Locale {
  const mine = stored();
  if (mine) return parseLocale(mine);
  const wanted = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const code of wanted) {
    if (/^bn\b/i.test(code)) return 'bn-IN';
    if (/^en\b/i.test(code)) return 'en';
  }
  return 'en';
}

function applyToDocument(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale === 'bn-IN' ? 'bn-IN' : 'en';
}

/** The Bengali regular face starts downloading with the catalogue, not when the first text is laid out. */
function preloadFont() {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'font';
  link.type = 'font/woff2';
  link.crossOrigin = 'anonymous';
  link.href = '/fonts/noto-sans-bengali-bengali-400-normal.woff2';
  document.head.appendChild(link);
}

/** Loads and applies the starting language before the first render. */
/**
 * Both Bengali faces, waited for at most 1.5 s before the Bengali screens are drawn: text laid out before its
 * face arrived was seen to stay in the fallback font (boxes on a phone without a Bengali font) in Chromium.
 */
function bengaliFonts(): Promise<unknown> {
  if (typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  const faces = Promise.all(['400', '700'].map((w) => document.fonts.load(`${w} 16px "Noto Sans Bengali"`, 'অ'))).catch(
    () => {},
  );
  return Promise.race([faces, new Promise((done) => setTimeout(done, 1500))]);
}

/** The language's catalogue and, for Bengali, the overlays of web/content and its type, then the switch. */
async function load(locale: Locale) {
  if (locale === 'bn-IN') await Promise.all([loadLocale(locale), import('./content-bn'), bengaliFonts()]);
  else await loadLocale(locale);
}

export async function startLocale(): Promise<Locale> {
  const locale = initialLocale();
  if (locale === 'bn-IN') preloadFont();
  await load(locale).catch(() => loadLocale('en'));
  applyToDocument(getLocale());
  return getLocale();
}

/** Switches the screens (they re-render), remembers the choice on this device. */
export async function chooseLocale(locale: Locale): Promise<void> {
  await load(locale);
  applyToDocument(getLocale());
  try {
    localStorage.setItem(LANG_KEY, getLocale());
  } catch {
    // storage refused: the choice lasts for this visit
  }
  for (const l of listeners) l();
}

export function useLocale(): Locale {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getLocale,
    () => 'en' as Locale,
  );
}
