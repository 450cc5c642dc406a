// The admin's audit log says a member's own changes in sentences, also once the account is
// deleted and the rows keep only that something changed (docs/decisions/266).
import { describe, expect, it } from 'vitest';
import type { AuditRow } from '../../core/contracts/admin';
import { auditSentence } from '../../web/features/admin/audit-text';

const row = (action: string, details: Record<string, unknown>): AuditRow => ({
  id: 1,
  at: 0,
  action,
  entityType: 'user',
  entityId: '7',
  actorId: 7,
  actorName: null,
  actorEmail: null,
  details,
});

describe('audit sentences of a member’s own data', () => {
  it('names what changed, from what to what', () => {
    expect(
      auditSentence(
        row('user.profile_updated', {
          fields: ['name', 'mobile'],
          before: { name: 'Mitali', mobile: '9876543210' },
          after: { name: 'Mitali Sen', mobile: '9876500000' },
        }),
      ),
    ).toBe('Member corrected their details: name: Mitali → Mitali Sen; mobile: 9876543210 → 9876500000.');
    expect(auditSentence(row('user.email_changed', { before: 'a@example.net', after: 'b@example.net' }))).toBe(
      'Email changed from a@example.net to b@example.net.',
    );
    expect(auditSentence(row('user.email_change_requested', { from: 'a@example.net', to: 'b@example.net' }))).toBe(
      'Member asked to change their email from a@example.net to b@example.net.',
    );
    expect(auditSentence(row('user.deleted', { via: 'profile' }))).toBe(
      'Member deleted their account; paid contributions keep the payer’s name.',
    );
    expect(auditSentence(row('user.data_exported', {}))).toBe('Member took a copy of their data.');
  });

  it('says that the values went with a deleted account', () => {
    expect(auditSentence(row('user.profile_updated', { erased: true }))).toBe(
      'Member corrected their details: (erased with the account).',
    );
    expect(auditSentence(row('user.email_changed', { erased: true }))).toContain('(erased with the account)');
  });
});
