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
