// The audit log in sentences (docs/decisions/164): one row of a table per action says what happened in the
// committee's words, with contribution ids (SMT000008) and amounts in rupees. An action the table does not know
// yet (another change adds one) still reads as words: its name, what it was about and its details, never JSON.
import type { AuditRow } from '../../../core/contracts/admin';
import { formatDateTime } from '../../../core/festival';
import { formatRcptId } from '../../../core/ids';
import { type AdminKey, ta } from '../../../core/messages/admin.en';
import { type AuditKey, auditEn, tau } from '../../../core/messages/audit.en';
import { formatINR } from '../../../core/money';
import { humanize, paymentTypeText } from './words';

type Details = Record<string, unknown>;
type Params = Record<string, string | number>;
/** A row as a sentence: its message key and that message's values. */
type Sentence = (d: Details, row: AuditRow) => [AuditKey, Params?];

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
const paise = (v: unknown) => (typeof v === 'number' ? formatINR(v) : '—');
const rcptOf = (row: AuditRow) => (row.entityType === 'order' ? rcptText(row.entityId) : row.entityId);
const rcptText = (v: unknown) => (/^\d+$/.test(String(v)) ? formatRcptId(Number(v)) : text(v));
const yesNo = (v: boolean) => ta(v ? 'adm.yes' : 'adm.no');
const modeText = (v: unknown) => (v === 'cash' ? tau('audit.modeCash') : v === 'upi' ? tau('audit.modeUpi') : text(v));
const places = (v: unknown) => (typeof v === 'number' ? String(v) : tau('audit.noLimit'));
/** One of the catalogue's words for a value (an audience, a kind of message, a channel), else the value itself. */
const word = (prefix: 'audit.aud.' | 'audit.kind.' | 'audit.channel.', v: unknown) => {
  const key = `${prefix}${String(v)}`;
  return key in auditEn ? tau(key as AuditKey) : text(v);
};
const roleText = (v: unknown) =>
  v === 'admin' ? tau('audit.roleAdmin') : v === 'volunteer' ? tau('audit.roleVolunteer') : text(v);

const SETTING: Record<string, AdminKey | 'audit.settingBank'> = {
  membershipLive: 'adm.membershipLive',
  dailyPassLive: 'adm.dailyPassLive',
  bank: 'audit.settingBank',
  convenienceChargeBasisPoints: 'adm.convenience',
};

/** A setting's name as the Settings tab shows it. */
function settingName(setting: string): string {
  const key = SETTING[setting];
  if (!key) return humanize(setting);
  return key === 'audit.settingBank' ? tau(key) : ta(key);
}

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
    waived: (d, r) => ['audit.orderWaived', { rcpt: rcptOf(r), amount: paise(d.totalPaise) }],
    transfer_attached: (d, r) => [
      'audit.transferAttached',
      { rcpt: rcptOf(r), txn: text(d.transactionId), bank: text(d.bankName) },
    ],
    gate_sale: (d, r) => [
      d.conflict ? 'audit.gateSaleConflict' : 'audit.gateSale',
      { rcpt: rcptOf(r), amount: paise(d.totalPaise), mode: modeText(d.mode) },
    ],
  },
  gate: {
    cash_handed_over: (d, r) => [
      'audit.gateCashHandedOver',
      {
        amount: paise(d.amountPaise),
        day: r.entityId.split(':')[1] ?? r.entityId,
        total: paise(d.afterPaise),
        note: text(d.note),
      },
    ],
    conflict_resolved: (d, r) => ['audit.gateConflictResolved', { rcpt: rcptOf(r), note: text(d.note) }],
  },
  pass: {
    collected: (d, r) => [
      d.source === 'offline' ? 'audit.passCollectedOffline' : 'audit.passCollected',
      { rcpt: text(d.orderRcptId ?? rcptOf(r)) },
    ],
    collect_unknown: () => ['audit.passUnknown'],
    collection_undone: (_d, r) => ['audit.collectionUndone', { rcpt: rcptOf(r) }],
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
    capacity_changed: (d) => ['audit.capacityChanged', { code: text(d.code), from: places(d.from), to: places(d.to) }],
    waitlist_changed: (d) => [d.to ? 'audit.waitlistOpened' : 'audit.waitlistClosed', { code: text(d.code) }],
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
      return [
        'audit.settingChanged',
        {
          setting: settingName(r.entityId),
          from: settingValue(r.entityId, d.from),
          to: settingValue(r.entityId, d.to),
        },
      ];
    },
  },
  waitlist: {
    removed: (d) => ['audit.waitlistRemoved', { code: text(d.code), qty: text(d.qty) }],
  },
  receipt: {
    billing_changed: (d) => [
      'audit.billingChanged',
      {
        receipt: text(d.receipt),
        changes: Object.keys((d.to as Details | undefined) ?? {})
          .filter((k) => (d.from as Details | undefined)?.[k] !== (d.to as Details)[k])
          .map((k) => `${k}: ${text((d.from as Details | undefined)?.[k])} → ${text((d.to as Details)[k])}`)
          .join('; '),
      },
    ],
    resent: (d) => ['audit.receiptResent', { receipt: text(d.receipt), email: text(d.to) }],
  },
  announcement: {
    created: (d, r) => [
      'audit.announcementCreated',
      { id: r.entityId, audience: word('audit.aud.', d.audience), count: text(d.members) },
    ],
    stopped: (_d, r) => ['audit.announcementStopped', { id: r.entityId }],
  },
  consent: {
    granted: (d) => [
      'audit.consentGranted',
      { kind: word('audit.kind.', d.kind), channel: word('audit.channel.', d.channel) },
    ],
    withdrawn: (d) => [
      'audit.consentWithdrawn',
      { kind: word('audit.kind.', d.kind), channel: word('audit.channel.', d.channel) },
    ],
    whatsapp_number: () => ['audit.whatsappNumber'],
  },
  push: {
    subscribed: () => ['audit.pushOn'],
    unsubscribed: () => ['audit.pushOff'],
  },
  statement: {
    imported: (d) => [
      'audit.statementImported',
      { file: text(d.fileName), credits: text(d.credits), duplicates: text(d.duplicates) },
    ],
    approved: (d, r) => ['audit.statementApproved', { count: text(d.approved), id: r.entityId }],
    flag_cleared: (d) => [
      'audit.flagCleared',
      { reference: text(d.reference), amount: paise(d.amountPaise), note: text(d.note) },
    ],
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
          ? tau('audit.erased')
          : Object.keys((d.after as Details | undefined) ?? {})
              .map((k) => `${k}: ${text((d.before as Details)?.[k])} → ${text((d.after as Details)[k])}`)
              .join('; '),
      },
    ],
    email_change_requested: (d) =>
      d.erased
        ? ['audit.emailChangeRequested', { from: tau('audit.erased'), to: '—' }]
        : ['audit.emailChangeRequested', { from: text(d.from), to: text(d.to) }],
    email_changed: (d) =>
      d.erased
        ? ['audit.emailChanged', { from: tau('audit.erased'), to: '—' }]
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

/** Whether the log has a sentence of its own for an action (else it reads as the action's words). */
export function hasSentence(action: string): boolean {
  const [area = '', verb = ''] = action.split('.');
  return Boolean(SENTENCES[area]?.[verb]);
}

/** What an audit row says, as a sentence. */
export function auditSentence(row: AuditRow): string {
  const [area = '', verb = ''] = row.action.split('.');
  const sentence = SENTENCES[area]?.[verb];
  if (sentence) {
    const [key, params] = sentence(row.details ?? {}, row);
    return tau(key, params);
  }
  return tau('audit.fallback', { action: humanize(row.action), subject: subjectOf(row) });
}

/** What the row was about: a contribution id, a product, a setting, an account. */
export function subjectOf(row: AuditRow): string {
  const d = row.details ?? {};
  if (row.entityType === 'order') return rcptOf(row);
  if (row.entityType === 'product' && typeof d.code === 'string') return `${tau('audit.product')} ${d.code}`;
  if (row.entityType === 'setting') {
    return settingName(row.entityId);
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
