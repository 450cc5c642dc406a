// Audit: the audit log in sentences (audit-text.ts), filtered by action, entity, actor and time, paged and
// exported as CSV.
import { useCallback, useEffect, useState } from 'react';
import type { AuditRow } from '../../../core/contracts/admin';
import { formatDateTime } from '../../../core/festival';
import { t } from '../../../core/i18n';
import { ta } from '../../../core/messages/admin.en';
import { tau } from '../../../core/messages/audit.en';
import { Field } from '../../components/forms';
import { useAction } from '../../lib/use-action';
import { type AuditFilter, getAuditLog } from './api';
import { downloadCsv } from './csv';
import { auditDetails, auditSentence, subjectOf } from './audit-text';
import { ScrollBox } from './ScrollBox';

export function AuditTab() {
  const [f, setF] = useState({ action: '', entityType: '', entityId: '', actorEmail: '', from: '', to: '' });
  const [rows, setRows] = useState<AuditRow[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const { run, busy } = useAction();

  const filter = useCallback((): AuditFilter => {
    const out: AuditFilter = {};
    if (f.action.trim()) out.action = f.action.trim();
    if (f.entityType.trim()) out.entityType = f.entityType.trim();
    if (f.entityId.trim()) out.entityId = f.entityId.trim().replace(/^SMT0*/i, '');
    if (f.actorEmail.trim()) out.actorEmail = f.actorEmail.trim();
    if (f.from) out.from = new Date(f.from).getTime();
    if (f.to) out.to = new Date(f.to).getTime();
    return out;
  }, [f]);

  const load = useCallback(
    (cursor?: number) =>
      run(async () => {
        const r = await getAuditLog({ ...filter(), ...(cursor ? { cursor } : {}) });
        setRows((all) => (cursor ? [...all, ...r.rows] : r.rows));
        setNext(r.nextCursor);
      }),
    [run, filter],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on open; later loads follow the Filter button
  useEffect(() => {
    void load();
  }, []);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF((x) => ({ ...x, [k]: e.target.value }));

  return (
    <div>
      <form
        className="admin-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          void load();
        }}
      >
        <Field label={ta('adm.auditAction')} value={f.action} onChange={set('action')} />
        <Field label={ta('adm.auditEntity')} value={f.entityType} onChange={set('entityType')} />
        <Field label={ta('adm.auditEntityId')} value={f.entityId} onChange={set('entityId')} />
        <Field label={ta('adm.auditActor')} value={f.actorEmail} onChange={set('actorEmail')} />
        <Field label={ta('adm.from')} type="datetime-local" value={f.from} onChange={set('from')} />
        <Field label={ta('adm.to')} type="datetime-local" value={f.to} onChange={set('to')} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('admin.audit.filter')}
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={rows.length === 0}
          onClick={() =>
            downloadCsv('audit-log', rows, [
              { header: 'Time', value: (r) => new Date(r.at).toISOString() },
              { header: 'Actor', value: (r) => r.actorEmail ?? 'system' },
              { header: 'What happened', value: (r) => auditSentence(r) },
              { header: 'Action', value: (r) => r.action },
              { header: 'About', value: (r) => subjectOf(r) },
              {
                header: 'Details',
                value: (r) =>
                  auditDetails(r)
                    .map(([k, v]) => `${k}: ${v}`)
                    .join('; '),
              },
            ])
          }
        >
          {t('admin.exportCsv')}
        </button>
      </form>
      {rows.length === 0 ? <p className="empty">{t('admin.listEmpty')}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={ta('col.auditEntries')} className="admin-details">
          <table className="admin-table stack-table">
            <thead>
              <tr>
                <th>{ta('col.time')}</th>
                <th>{ta('col.who')}</th>
                <th>{ta('col.action')}</th>
                <th>{ta('col.entity')}</th>
                <th>{ta('col.details')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const details = auditDetails(r);
                return (
                  <tr key={r.id}>
                    <td data-label={ta('col.time')}>{formatDateTime(r.at)}</td>
                    <td data-label={ta('col.who')}>
                      {r.actorName ? `${r.actorName} (${r.actorEmail})` : tau('audit.system')}
                    </td>
                    <td className="stack-title audit-sentence" data-action={r.action}>
                      {auditSentence(r)}
                    </td>
                    <td data-label={ta('col.entity')}>{subjectOf(r)}</td>
                    <td className="stack-actions">
                      {details.length > 0 ? (
                        <details className="audit-details">
                          <summary>{tau('audit.more')}</summary>
                          <dl>
                            {details.map(([k, v]) => (
                              <div key={k}>
                                <dt>{k}</dt>
                                <dd>{v}</dd>
                              </div>
                            ))}
                          </dl>
                        </details>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {next ? (
        <button type="button" className="btn" disabled={busy} onClick={() => load(next)}>
          {t('admin.loadMore')}
        </button>
      ) : null}
    </div>
  );
}
