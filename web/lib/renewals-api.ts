// The calls of the membership year (issue 17): renewal offer, email choices, unsubscribe, reminders, report.
import type {
  EmailPrefs,
  MailPreview,
  ReminderAudience,
  RenewalOffer,
  RenewalReport,
} from '../../core/contracts/renewals';
import { api } from './api-client';

type Message = { message: string };

export const getRenewal = (forUser?: number) => api<RenewalOffer>('getRenewal', forUser ? { forUser } : {});
export const getEmailPrefs = () => api<EmailPrefs>('getEmailPrefs');
export const setEmailPrefs = (renewalReminders: boolean) =>
  api<EmailPrefs & Message>('setEmailPrefs', { renewalReminders });
export const unsubscribe = (token: string) => api<Message>('unsubscribe', { token });

export const getReminderAudience = () => api<ReminderAudience>('getReminderAudience');
export const previewReminder = () => api<MailPreview>('previewReminder');
export const sendReminderTest = () => api<Message>('sendReminderTest');
export const startReminderCampaign = () =>
  api<Message & { campaignId: number; audience: number }>('startReminderCampaign');
export const stopReminderCampaign = (campaignId: number) => api<Message>('stopReminderCampaign', { campaignId });
export const getRenewalReport = (fiscalYear?: string) =>
  api<RenewalReport>('getRenewalReport', fiscalYear ? { fiscalYear } : {});

/** The `renew` parameter of a reminder's link: the member it was made for; present but empty from the profile. */
export function renewParam(search: URLSearchParams): { present: boolean; forUser?: number } {
  const raw = search.get('renew');
  if (raw === null) return { present: false };
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? { present: true, forUser: n } : { present: true };
}
