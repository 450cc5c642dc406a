// The Worker's languages for emails and push notifications (worker/lib/mail.ts, docs/decisions/195). An email is
// written by key in its reader's language; the English catalogues are in the Worker's bundle, the Bengali ones
// are not (every Bengali letter takes 6 bytes there, \u09xx): the build publishes them (messages/mail.bn.ts,
// renewals/messages.bn.ts, messages/notify.bn.ts) as one static asset (WORKER_BENGALI_ASSET,
// core/i18n-worker-bn.ts), and the Worker reads it the first time an isolate writes in Bengali
// (docs/decisions/110). The screens' catalogue (messages/bn.ts) is not needed: no email uses it.
import { type Locale, registerExtra } from './i18n';
import { mailEn } from './messages/mail.en';
import { type NotifyKey, notifyEn } from './messages/notify.en';
import { renewalsEn } from './renewals/messages.en';

/** Where the build puts the Worker's Bengali among the static assets (served by the ASSETS binding). */
export const WORKER_BENGALI_ASSET = '/i18n/worker-bn.json';

const complete = (catalogue: unknown, english: Record<string, string>): catalogue is Record<string, string> =>
  !!catalogue &&
  typeof catalogue === 'object' &&
  Object.keys(english).every((k) => typeof (catalogue as Record<string, unknown>)[k] === 'string');

/**
 * Registers the Worker's Bengali (the asset's JSON). False, and nothing registered, when the JSON lacks a
 * catalogue or a key of its English one (a stale or missing asset).
 */
export function registerWorkerBengali(json: unknown): boolean {
  const a = (json ?? {}) as { mailBn?: unknown; renewalsBn?: unknown; notifyBn?: unknown };
  if (!complete(a.mailBn, mailEn) || !complete(a.renewalsBn, renewalsEn) || !complete(a.notifyBn, notifyEn)) {
    return false;
  }
  registerExtra('bn-IN', 'renewals', a.renewalsBn);
  registerExtra('bn-IN', 'mail', a.mailBn);
  notifyBengali = a.notifyBn as Record<NotifyKey, string>;
  return true;
}

let notifyBengali: Record<NotifyKey, string> | null = null;

/** The push notifications' texts in a language (Bengali once registered, English otherwise). */
export const notifyCatalogue = (lang: Locale): Record<NotifyKey, string> =>
  (lang === 'bn-IN' && notifyBengali) || notifyEn;

export { extraCatalogue, format, type Locale, parseLocale, tIn } from './i18n';
