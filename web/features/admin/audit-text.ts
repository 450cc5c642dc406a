// The audit log in sentences (docs/decisions/164): one row of a table per action says what happened in the
// committee's words, with contribution ids (SMT000008) and amounts in rupees. An action the table does not know
// yet (another change adds one) still reads as words: its name, what it was about and its details, never JSON.
import type { AuditRow } from '../../../core/contracts/admin';
import { formatDateTime } from '../../../core/festival';
import { formatRcptId } from '../../../core/ids';
import { type AdminKey, ta } from '../../../core/messages/admin.en';
import { formatINR } from '../../../core/money';
import { humanize, paymentTypeText } from './words';

type Details = Record<string, unknown>;
type Params = Record<string, string | number>;
/** A row as a sentence: its message key and that message's values. */
type Sentence = (d: Details, row: AuditRow) => [AdminKey, Params?];

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
const paise = (v: unknown) => (typeof v === 'number' ? formatINR(v) : '—');
const rcptOf = (row: AuditRow) => (row.entityType === 'order' ? rcptText(row.entityId) : row.entityId);
const rcptText = (v: unknown) => (/^\d+$/.test(String(v)) ? formatRcptId(Number(v)) : text(v));
const yesNo = (v: boolean) => ta(v ? 'adm.yes' : 'adm.no');
const roleText = (v: unknown) =>
  v === 'admin' ? ta('audit.roleAdmin') : v === 'volunteer' ? ta('audit.roleVolunteer') : text(v);

const SETTING: Record<string, AdminKey> = {
  membershipLive: 'adm.membershipLive',
  dailyPassLive: 'adm.dailyPassLive',
  bank: 'audit.settingBank',
  convenienceChargeBasisPoints: 'adm.convenience',
};

/** A setting's value as read on the Settings tab: yes/no, a percentage, the bank details on one line. */
function settingValue(setting: string, v: unknown): string {
  if (typeof v === 'boolean') return yesNo(v);
  if (setting === 'convenienceChargeBasisPoints' && typeof v === 'number') return `${v / 100}%`;
  return valueText('', v);
}

/** The sentence of each action, by its area and verb (the action order.approved is SENTENCES.order.approved). */
const SENTENCES: Record<string, Record<string, Sentence>> = {
  order: {
    started: (d, r) => [
      'audit.orderStarted',
      { rcpt: rcptOf(r), amount: paise(d.totalPaise), payment: paymentTypeText(text(d.paymentType)) },
    ],
    paid: (d, r) => ['audit.orderPaid', { rcpt: rcptOf(r), amount: paise(d.totalPaise) }],
    approved: (d, r) => ['audit.orderApproved', { rcpt: rcptOf(r), amount: paise(d.totalPaise) }],
    rejected: (d, r) => ['audit.orderRejected', { rcpt: rcptOf(r), reason: text(d.reason) }],
    failed: (d, r) => ['audit.orderFailed', { rcpt: rcptOf(r), reason: text(d.reason) }],
    transfer_submitted: (d, r) => [
      'audit.transferShared',
      { rcpt: rcptOf(r), txn: text(d.transactionId), amount: paise(d.totalPaise) },
    ],
    needs_attention: (d, r) => ['audit.needsAttention', { rcpt: rcptOf(r), attention: text(d.attention) }],
    attention_cleared: (d, r) => ['audit.attentionCleared', { rcpt: rcptOf(r), note: text(d.note) }],
    completed_by_admin: (_d, r) => ['audit.completedByAdmin', { rcpt: rcptOf(r) }],
    carried_over: (d, r) => [
      'audit.carriedOver',
      { rcpt: rcptOf(r), amount: paise(d.amountPaise), year: text(d.toYear) },
    ],
    carried_in: (d, r) => [
      'audit.carriedIn',
      { rcpt: rcptOf(r), amount: paise(d.amountPaise), from: text(d.fromOrder) },
    ],
  },
  pass: {
    collected: (d, r) => [
      d.source === 'offline' ? 'audit.passCollectedOffline' : 'audit.passCollected',
      { rcpt: text(d.orderRcptId ?? rcptOf(r)) },
    ],
    collect_unknown: () => ['audit.passUnknown'],
  },
  refund: {
    requested: (d, r) => [
      'audit.refundRequested',
      { rcpt: rcptOf(r), amount: paise(d.amountPaise), reason: text(d.reason) },
    ],
    recorded: (d, r) => [
      'audit.refundRecorded',
      { rcpt: rcptOf(r), amount: paise(d.amountPaise), reference: text(d.reference), reason: text(d.reason) },
    ],
    accepted: (d, r) => ['audit.refundAccepted', { rcpt: rcptOf(r), amount: paise(d.amountPaise) }],
    processed: (d, r) => ['audit.refundProcessed', { rcpt: rcptOf(r), amount: paise(d.amountPaise) }],
    failed: (d, r) => [
      'audit.refundFailed',
      { rcpt: rcptOf(r), amount: paise(d.amountPaise), reason: text(d.failureReason) },
    ],
  },
  product: {
    added: (d) => ['audit.productAdded', { code: text(d.code), name: text(d.name) }],
    availability_changed: (d) => [d.to ? 'audit.productOnSale' : 'audit.productOffSale', { code: text(d.code) }],
    full_sponsor_changed: (d) => [d.to ? 'audit.productFullOnly' : 'audit.productCoAllowed', { code: text(d.code) }],
    bengali_changed: (d) => ['audit.productBengali', { code: text(d.code) }],
    blocked: (d) => [
      'audit.productBlocked',
      { code: text(d.code), name: text(d.blockedByName), email: text(d.blockedByEmail) },
    ],
    unblocked: (d) => ['audit.productUnblocked', { code: text(d.code) }],
    // an edit, with what changed from and to
    updated: (d) => [
      'audit.productUpdated',
      { code: text(d.code), year: text(d.festivalYear), changes: Object.keys((d.to as Details) ?? {}).join(', ') },
    ],
  },
  catalogue: {
    prepared: (d, r) => ['audit.cataloguePrepared', { year: r.entityId, from: text(d.fromYear), count: text(d.count) }],
    published: (d, r) => [
      'audit.cataloguePublished',
      { year: r.entityId, time: formatDateTime(Number(d.publishAt)), count: text(d.count) },
    ],
  },
  settings: {
    updated: (d, r) => {
      const key = SETTING[r.entityId];
      return [
        'audit.settingChanged',
        {
          setting: key ? ta(key) : humanize(r.entityId),
          from: settingValue(r.entityId, d.from),
          to: settingValue(r.entityId, d.to),
        },
      ];
    },
  },
  statement: {
    imported: (d) => [
      'audit.statementImported',
      { file: text(d.fileName), credits: text(d.credits), duplicates: text(d.duplicates) },
    ],
    approved: (d, r) => ['audit.statementApproved', { count: text(d.approved), id: r.entityId }],
  },
  user: {
    role_granted: (d) => ['audit.roleGranted', { email: text(d.email), role: roleText(d.role) }],
    role_removed: (d) => ['audit.roleRemoved', { email: text(d.email), role: roleText(d.role) }],
    password_changed: () => ['audit.passwordChanged'],
    // a member's own data; a deleted account's rows keep only that something changed
    profile_updated: (d) => [
      'audit.profileUpdated',
      {
        changes: d.erased
          ? ta('audit.erased')
          : Object.keys((d.after as Details | undefined) ?? {})
              .map((k) => `${k}: ${text((d.before as Details)?.[k])} → ${text((d.after as Details)[k])}`)
              .join('; '),
      },
    ],
    email_change_requested: (d) =>
      d.erased
        ? ['audit.emailChangeRequested', { from: ta('audit.erased'), to: '—' }]
        : ['audit.emailChangeRequested', { from: text(d.from), to: text(d.to) }],
    email_changed: (d) =>
      d.erased
        ? ['audit.emailChanged', { from: ta('audit.erased'), to: '—' }]
        : ['audit.emailChanged', { from: text(d.before), to: text(d.after) }],
    deleted: () => ['audit.accountDeleted'],
    data_exported: () => ['audit.dataExported'],
    reminders_off: () => ['audit.remindersOff'],
    reminders_on: () => ['audit.remindersOn'],
  },
  reminder: {
    campaign_started: (d) => ['audit.campaignStarted', { year: text(d.fiscalYear), count: text(d.audience) }],
    campaign_stopped: () => ['audit.campaignStopped'],
    campaign_year_ended: () => ['audit.campaignYearEnded'],
    campaign_done: () => ['audit.campaignDone'],
  },
};

/** What an audit row says, as a sentence. */
export function auditSentence(row: AuditRow): string {
  const [area = '', verb = ''] = row.action.split('.');
  const sentence = SENTENCES[area]?.[verb];
  if (sentence) {
    const [key, params] = sentence(row.details ?? {}, row);
    return ta(key, params);
  }
  return ta('audit.fallback', { action: humanize(row.action), subject: subjectOf(row) });
}

/** What the row was about: a contribution id, a product, a setting, an account. */
export function subjectOf(row: AuditRow): string {
  const d = row.details ?? {};
  if (row.entityType === 'order') return rcptOf(row);
  if (row.entityType === 'product' && typeof d.code === 'string') return `${ta('audit.product')} ${d.code}`;
  if (row.entityType === 'setting') {
    const key = SETTING[row.entityId];
    return key ? ta(key) : humanize(row.entityId);
  }
  if (row.entityType === 'user' && typeof d.email === 'string') return d.email;
  return `${humanize(row.entityType)} ${row.entityId}`;
}

/** A detail's value for people: rupees for paise, contribution ids, yes/no, dates, lists and objects on one line. */
function valueText(key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return yesNo(v);
  if (typeof v === 'number' && /Paise$/.test(key)) return formatINR(v);
  if (typeof v === 'number' && /At$/.test(key)) return formatDateTime(v);
  if (/^(order|fromOrder|toOrder)(Id)?$/.test(key)) return rcptText(v);
  if (Array.isArray(v)) return v.map((x) => valueText(key, x)).join('; ');
  if (typeof v === 'object') {
    return Object.entries(v as Details)
      .map(([k, x]) => `${humanize(k.replace(/Paise$/, ''))}: ${valueText(k, x)}`)
      .join(', ');
  }
  return String(v);
}

/** Every detail of the row as "label: value", for the row's disclosure. */
export function auditDetails(row: AuditRow): [string, string][] {
  return Object.entries(row.details ?? {}).map(([k, v]) => [
    humanize(k.replace(/Paise$/, '')),
    row.entityType === 'setting' ? settingValue(row.entityId, v) : valueText(k, v),
  ]);
}
