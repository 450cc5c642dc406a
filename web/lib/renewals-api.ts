import { api } from './api-client';

export const getRenewal = (forUser?: number) => api('getRenewal', forUser ? { forUser } : {});
export const unsubscribe = (token: string) => api('unsubscribe', { token });

export const getReminderAudience = () => api('getReminderAudience');
export const previewReminder = () => api('previewReminder');
export const sendReminderTest = () => api('sendReminderTest');
export const startReminderCampaign = () => api('startReminderCampaign');
export const stopReminderCampaign = (campaignId: number) => api('stopReminderCampaign', { campaignId });
export const getRenewalReport = (fiscalYear?: string) => api('getRenewalReport', fiscalYear ? { fiscalYear } : {});

/** The `renew` parameter of a reminder's link: the member it was made for; present but empty from the profile. */
export function renewParam(search: URLSearchParams): { present: boolean; forUser?: number } {
  const raw = search.get('renew');
  if (raw === null) return { present: false };
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? { present: true, forUser: n } : { present: true };
}
