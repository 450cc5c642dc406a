import { describe, expect, it } from 'vitest';
import type { AuditRow } from '../../../core/contracts/admin';
import { auditDetails, auditSentence, subjectOf } from './audit-text';

const row = (
  action: string,
  entityType: string,
  entityId: string,
  details: Record<string, unknown> = {},
): AuditRow => ({
  id: 1,
  at: 0,
  action,
  entityType,
  entityId,
  actorId: null,
  actorName: null,
  actorEmail: null,
  details,
});

describe('the audit log in sentences (docs/decisions/164)', () => {
  it("says a known action in the committee's words, with contribution ids and rupees", () => {
    expect(auditSentence(row('order.started', 'order', '8', { totalPaise: 150000, paymentType: 'Offline' }))).toBe(
      'Contribution SMT000008 started: ₹1,500.00 (Direct transfer).',
    );
    expect(auditSentence(row('order.approved', 'order', '12', { totalPaise: 50 }))).toBe(
      'Transfer for contribution SMT000012 approved: ₹0.50.',
    );
    expect(auditSentence(row('user.role_granted', 'user', '3', { email: 'a@b.in', role: 'admin' }))).toBe(
      'a@b.in given the admin role.',
    );
  });

  it('says the season, the gate, the channels and the receipts in sentences too (docs/decisions/279)', () => {
    expect(auditSentence(row('waitlist.removed', 'waitlist_entry', '5', { code: 'DPKP', qty: 2 }))).toBe(
      'Removed from the waiting list for product DPKP (2 wanted).',
    );
    expect(auditSentence(row('product.capacity_changed', 'product', '4', { code: 'DPKP', from: null, to: 300 }))).toBe(
      'Places for product DPKP changed from no limit to 300.',
    );
    expect(
      auditSentence(row('product.waitlist_changed', 'product', '4', { code: 'DPKP', from: false, to: true })),
    ).toBe('Waiting list for product DPKP opened.');
    expect(
      auditSentence(row('order.gate_sale', 'order', '31', { totalPaise: 40000, mode: 'upi', conflict: null })),
    ).toBe('Gate sale SMT000031: ₹400.00 by UPI.');
    expect(
      auditSentence(
        row('gate.cash_handed_over', 'volunteer_day', '7:2026-11-01', {
          amountPaise: 150000,
          note: null,
          afterPaise: 250000,
        }),
      ),
    ).toBe('Gate cash of ₹1,500.00 handed over for 2026-11-01; ₹2,500.00 in all that day. Note: —');
    expect(
      auditSentence(
        row('announcement.created', 'announcement', '3', { audience: 'sponsors', members: 18, sendAt: null }),
      ),
    ).toBe('Announcement 3 created for this year’s sponsors: 18 members.');
    expect(
      auditSentence(row('consent.withdrawn', 'user', '9', { kind: 'reminders', channel: 'whatsapp', via: 'link' })),
    ).toBe('Member turned off renewal reminders by WhatsApp.');
    expect(
      auditSentence(
        row('receipt.billing_changed', 'order', '8', {
          receipt: 'SMT/2026-27/0004',
          from: { billingName: null, pan: null, gstin: null },
          to: { billingName: 'Sen Traders', pan: null, gstin: null },
        }),
      ),
    ).toBe('Billing details on receipt SMT/2026-27/0004 changed: billingName: — → Sen Traders.');
  });

  it('reads a setting change as the Settings tab shows it', () => {
    expect(
      auditSentence(row('settings.updated', 'setting', 'convenienceChargeBasisPoints', { from: 200, to: 250 })),
    ).toBe('Setting “Convenience charge for online payment (%)” changed from 2% to 2.5%.');
    expect(auditSentence(row('settings.updated', 'setting', 'membershipLive', { from: false, to: true }))).toBe(
      'Setting “Membership live (Membership / Sponsorship open)” changed from No to Yes.',
    );
  });

  it('keeps an erased account’s change unreadable', () => {
    expect(auditSentence(row('user.profile_updated', 'user', '3', { erased: true, after: { name: 'X' } }))).toBe(
      'Member corrected their details: (erased with the account).',
    );
    expect(
      auditSentence(row('user.profile_updated', 'user', '3', { before: { name: 'A' }, after: { name: 'B' } })),
    ).toBe('Member corrected their details: name: A → B.');
  });

  it('still reads an action it does not know as words, never JSON', () => {
    expect(auditSentence(row('order.teleported', 'order', '7'))).toBe('Order teleported: SMT000007.');
    expect(auditSentence(row('gift.sent', 'product', '4', { code: 'DPKP' }))).toBe('Gift sent: Product DPKP.');
    expect(subjectOf(row('x.y', 'festival_year', '2026'))).toBe('Festival year 2026');
    expect(subjectOf(row('x.y', 'user', '3', { email: 'm@e.in' }))).toBe('m@e.in');
  });

  it('lists the details for people: rupees for paise, contribution ids, yes/no, objects on one line', () => {
    expect(
      auditDetails(
        row('order.carried_over', 'order', '8', {
          amountPaise: 1234500,
          toOrder: 9,
          automatic: true,
          reason: '',
          lines: [{ code: 'MUTV', qty: 2 }],
        }),
      ),
    ).toEqual([
      ['Amount', '₹12,345.00'],
      ['To order', 'SMT000009'],
      ['Automatic', 'Yes'],
      ['Reason', '—'],
      ['Lines', 'Code: MUTV, Qty: 2'],
    ]);
  });
});
