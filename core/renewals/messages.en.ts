// The membership year's strings: renewal offer, reminder emails, unsubscribe, email choices and the
// admin's Renewals tab. A catalogue of its own beside core/messages/en.ts, outside the chunk that every screen
// loads, so that screens without renewals do not ship them (docs/decisions/094). A language adds
// messages.<lang>.ts here with the same keys, as it adds one beside en.ts.
import { extraCatalogue, format, type Locale } from '../i18n-core';

export const renewalsEn = {
  'renewal.offer': 'Renew your {plan} for {year}',
  'renewal.offerBody':
    'Last year ({lastYear}) you were a member with: {lines}. Renew with the same plan and household size; you can change them before you pay.',
  'renewal.line': '{name} x {qty}',
  'renewal.renew': 'Renew now',
  'renewal.applied': "Last year's plan is selected. Change it if you like, then proceed.",
  'renewal.renewed': 'Your membership for {year} is in place. Thank you!',
  'renewal.planGone': "Last year's plan is not on sale this year. Please choose a plan below.",
  'renewal.notYours':
    'This renewal link was sent to another member. Log in with the account the email was sent to, or choose your own plan below.',
  'renewal.mailSubject': 'Renew your {plan} membership for {year}',
  'renewal.mailGreeting': 'Dear {name},',
  'renewal.mailBody':
    'Thank you for being with us in {lastYear}. The festival year {year} has begun, and your membership is due for renewal. Last year you chose: {lines}.',
  'renewal.mailAction':
    "One tap renews it: the link opens your renewal with the same plan and household size already chosen, priced by this year's rules.",
  'renewal.mailLink': 'Renew your {plan} for {year}',
  'renewal.mailFooter':
    'You get this reminder as a member of {lastYear}. To stop renewal reminders (emails about your own contributions still come), unsubscribe with the link below.',
  'renewal.mailUnsubscribe': 'Unsubscribe from renewal reminders',
  'renewal.testPrefix': '[Test] {subject}',
  'renewal.testSent': 'A test email was sent to {email}.',
  'renewal.campaignStarted':
    'Renewal reminders to {count} members are on their way. They go out in batches every few minutes.',
  'renewal.campaignRunning':
    'A reminder campaign for {year} is already sending. Each member gets it once; wait for it to finish or stop it first.',
  'renewal.noAudience': 'Nobody to remind: every member of {lastYear} has renewed or turned reminders off.',
  'renewal.campaignStopped': 'The campaign is stopped. Emails already sent stay sent.',
  'renewal.campaignNotSending': 'This campaign is not sending any more.',
  'unsubscribe.done':
    'You will get no more renewal reminders. Emails about your own contributions still come. You can turn reminders back on in your profile.',
  'unsubscribe.invalid':
    'This unsubscribe link is not valid. Please use the link from the email, or change your choice in your profile.',
  'unsubscribe.expired': 'This unsubscribe link has expired. You can turn renewal reminders off in your profile.',
  'unsubscribe.title': 'Renewal reminders',
  'unsubscribe.working': 'Unsubscribing…',
  'prefs.saved': 'Your email choice is saved.',
  'renewals.reportTitle': 'Renewals {year}',
  'renewals.reportYear': 'Festival year',
  'renewals.plan': 'Plan',
  'renewals.lastYear': 'Members {year}',
  'renewals.renewed': 'Renewed',
  'renewals.notRenewed': 'Not yet renewed',
  'renewals.newMembers': 'New members',
  'renewals.total': 'All plans',
  'renewals.exportNotRenewed': 'Export not renewed (CSV)',
  'renewals.notRenewedList': 'Not yet renewed ({count})',
  'renewals.remindersOff': 'reminders off',
  'renewals.campaignTitle': 'Renewal reminder',
  'renewals.audience':
    '{count} members of {lastYear} have not renewed for {year} and will get the reminder ({off} turned reminders off).',
  'renewals.preview': 'Preview email',
  'renewals.testSend': 'Send a test to me',
  'renewals.start': 'Send reminders',
  'renewals.confirmTitle': 'Send the renewal reminder?',
  'renewals.confirmBody':
    '{count} members will get this email, in batches every few minutes. Each member gets it once.',
  'renewals.stop': 'Stop',
  'renewals.campaigns': 'Campaigns',
  'renewals.campaignRow': '{when}: {sent} of {audience} sent, {waiting} waiting ({state})',
  'renewals.state.sending': 'sending',
  'renewals.state.done': 'done',
  'renewals.state.stopped': 'stopped',
  'renewal.notAPlan': '{code} is not a membership plan',
} as const;

export type RenewalsKey = keyof typeof renewalsEn;

/** Looks a renewals message up by key and fills {placeholders}, as t() does for the main catalogue. */
export function tr(key: RenewalsKey, params: Record<string, string | number> = {}, locale?: Locale): string {
  return format(extraCatalogue('renewals', locale)?.[key] ?? renewalsEn[key], params);
}
