// The Worker's languages for emails (worker/lib/mail.ts). The services write English; a Bengali email is the
// English one with every sentence that matches a catalogue's English template turned into its Bengali
// (fromEnglish). Those catalogues are not in the Worker's bundle, where every Bengali letter takes 6 bytes
// (\u09xx): the build publishes the Bengali ones (messages/mail.bn.ts, renewals/messages.bn.ts) with the emails'
// English templates (messages/mail.en.ts, used for nothing else) as one static asset (WORKER_BENGALI_ASSET,
// core/i18n-worker-bn.ts), and the Worker reads it the first time an isolate writes a Bengali email
// (docs/decisions/110). The renewal strings' English is here: the services write with it (tr). The screens'
// catalogue (messages/bn.ts) is not needed: no email uses it. The push notifications' Bengali (messages/notify.bn.ts)
// rides in the same asset; those texts are looked up by key (notifyCatalogue), never matched as English sentences.
import { type Locale, registerExtra, setTranslatorFactory } from './i18n';
import { makeTranslator } from './i18n-translate';
import { type NotifyKey, notifyEn } from './messages/notify.en';
import { renewalsEn } from './renewals/messages.en';

/** Where the build puts the Worker's Bengali among the static assets (served by the ASSETS binding). */
export const WORKER_BENGALI_ASSET = '/i18n/worker-bn.json';

setTranslatorFactory(makeTranslator);

const complete = (catalogue: unknown, english: Record<string, string>): catalogue is Record<string, string> =>
  !!catalogue &&
  typeof catalogue === 'object' &&
  Object.keys(english).every((k) => typeof (catalogue as Record<string, unknown>)[k] === 'string');

/**
 * Registers the Worker's Bengali (the asset's JSON) for fromEnglish. False, and nothing registered, when the
 * JSON lacks a catalogue or a key of its English one (a stale or missing asset).
 */
export function registerWorkerBengali(json: unknown): boolean {
  const a = (json ?? {}) as { mailEn?: unknown; mailBn?: unknown; renewalsBn?: unknown; notifyBn?: unknown };
  if (!complete(a.mailEn, {}) || !complete(a.mailBn, a.mailEn) || !complete(a.renewalsBn, renewalsEn)) return false;
  if (!complete(a.notifyBn, notifyEn)) return false;
  registerExtra('bn-IN', 'renewals', a.renewalsBn, renewalsEn);
  notifyBengali = a.notifyBn as Record<NotifyKey, string>;
  registerExtra('bn-IN', 'mail', a.mailBn, a.mailEn);
  return true;
}

let notifyBengali: Record<NotifyKey, string> | null = null;

/** The push notifications' texts in a language (Bengali once registered, English otherwise). */
export const notifyCatalogue = (lang: Locale): Record<NotifyKey, string> =>
  (lang === 'bn-IN' && notifyBengali) || notifyEn;

export { fromEnglish, type Locale, parseLocale, tIn } from './i18n';
