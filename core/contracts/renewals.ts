// The membership year: renewal, reminder campaigns, unsubscribe and the renewal report.
// Unknown keys are stripped, wrong types refused (docs/decisions/073).
import * as z from 'zod';

const flag = z.boolean({ error: 'input.boolean' });
const year = z
  .string({ error: 'input.text' })
  .regex(/^\d{4}-\d{2}$/, 'input.festivalYear')
  .optional();

/** forUser: the member a reminder email's link was made for (the link's `renew` parameter). */
export const renewalRequest = z.object({
  forUser: z.number({ error: 'input.number' }).int('input.whole').positive().optional(),
});

export const emailPrefsRequest = z.object({ renewalReminders: flag });

export const unsubscribeRequest = z.object({
  token: z.string({ error: 'input.required' }).trim().min(1, 'input.required').max(200, 'input.link'),
});

export const renewalReportRequest = z.object({ fiscalYear: year });

export const campaignRequest = z.object({
  campaignId: z.number({ error: 'input.number' }).int('input.whole').positive(),
});

/** Local mode only: a paid membership of last festival year for the caller (demo and e2e tests). */
export const devMembershipRequest = z.object({
  code: z.string({ error: 'input.required' }).trim().min(1, 'input.required').max(10, 'input.planCode'),
  qty: z.number({ error: 'input.number' }).int('input.whole').min(1, 'input.min').max(10, 'input.max'),
});

// ---- responses ----

export type RenewalLine = { productId: number; code: string; name: string; qty: number };

/** What /membership and the profile offer: last festival year's plans, to be priced by today's rules. */
export type RenewalOffer = {
  fiscalYear: string;
  lastYear: string;
  /** The member already holds (or awaits verification of) a membership this festival year. */
  renewed: boolean;
  /** Last year's plans still on sale, with the household size; empty when there is nothing to renew. */
  lines: RenewalLine[];
  /** The plan named in "Renew your <plan> for <year>" (the largest household). */
  plan: string | null;
};

export type EmailPrefs = { renewalReminders: boolean };

export type CampaignView = {
  id: number;
  fiscalYear: string;
  state: 'sending' | 'done' | 'stopped';
  audience: number;
  sent: number;
  waiting: number;
  unknown: number;
  createdAt: number;
  createdBy: string | null;
  finishedAt: number | null;
};

export type ReminderAudience = {
  fiscalYear: string;
  lastYear: string;
  /** Members of last year who have not renewed and have not turned reminders off. */
  count: number;
  /** Of last year's members who have not renewed, those who turned reminders off. */
  unsubscribed: number;
  campaigns: CampaignView[];
};

export type MailPreview = { to: string; subject: string; text: string; html: string };

export type RenewalPlanRow = {
  code: string;
  name: string;
  lastYear: number;
  renewed: number;
  notRenewed: number;
  newMembers: number;
};

export type NotRenewedMember = {
  userId: number;
  name: string;
  email: string;
  mobile: string;
  plan: string;
  qty: number;
  remindersOff: boolean;
};

export type RenewalReport = {
  fiscalYear: string;
  lastYear: string;
  plans: RenewalPlanRow[];
  totals: { lastYear: number; renewed: number; notRenewed: number; newMembers: number };
  notRenewed: NotRenewedMember[];
};
