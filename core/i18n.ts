import { addMessages, type Locale, registerCatalogue, registerExtra, setLocale } from './i18n-core';
import { en } from './messages/en';
// The Worker's own answers (server errors, refusals, confirmations). The browser's build swaps this module for
// an empty one (vite.config.ts): screens never show these in English, and Bengali loads them (loadLocale).
import './messages/areas/server';

export * from './i18n-core';

/**
 * The two languages (docs/decisions/120) and the catalogue by area (docs/decisions/115). English is the
 * default and the fallback. t(key) finds every key of every area registered so far: the shared strings (nav,
 * forms, validation: core/messages/en.ts) from here, each other area when a screen imports it
 * (core/messages/areas/<area>.ts), so a screen ships only its own strings. The Bengali catalogue, every area at
 * once, is loaded on demand (loadLocale) so that English pages do not ship it; the Worker registers its Bengali
 * once at start (core/i18n-all.ts) and passes the language explicitly.
 */
addMessages(en);

/** Loads a language's catalogue (Bengali is its own chunk) and switches to it. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (locale === 'bn-IN') await loadBengali();
  setLocale(locale);
}

let bengali: Promise<void> | null = null;

function loadBengali(): Promise<void> {
  bengali ??= Promise.all([
    import('./messages/areas/all'),
    import('./renewals/messages.bn'),
    import('./messages/member.bn'),
    import('./messages/admin.bn'),
    import('./messages/channels.bn'),
    import('./messages/gate.bn'),
  ]).then(([areas, renewalsBn, memberBn, adminBn, channelsBn, gateBn]) => {
    registerCatalogue('bn-IN', areas.allBn);
    registerExtra('bn-IN', 'renewals', renewalsBn.renewalsBn);
    registerExtra('bn-IN', 'member', memberBn.memberBn);
    registerExtra('bn-IN', 'admin', adminBn.adminBn);
    registerExtra('bn-IN', 'channels', channelsBn.channelsBn);
    registerExtra('bn-IN', 'gate', gateBn.gateBn);
  });
  bengali.catch(() => {
    bengali = null; // a failed download (offline) is tried again next time
  });
  return bengali;
}
