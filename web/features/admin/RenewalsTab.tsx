// The admin console's renewals: the renewal report (also shown in the Overview) and the renewal
// reminder campaign: audience, preview, a test to oneself, then the send (in cron batches, once per member).
import { useCallback, useState } from 'react';
import type { MailPreview } from '../../../core/contracts/renewals';
import { formatDateTime } from '../../../core/festival';
import { t } from '../../../core/i18n';
import { tr } from '../../../core/renewals/messages.en';
import { Dialog } from '../../components/Dialog';
import { useToast } from '../../components/toast';
import { useAction, useLoad } from '../../lib/use-action';
import {
  getReminderAudience,
  getRenewalReport,
  previewReminder,
  sendReminderTest,
  startReminderCampaign,
  stopReminderCampaign,
} from '../../lib/renewals-api';
import './renewals.css';
import { downloadCsv } from './csv';
import { ScrollBox } from './ScrollBox';

/** Per plan: last year's members, renewed, not yet renewed, new; and the members to call, as CSV. */
export function RenewalReport({ year }: { year?: string }) {
  // a year chosen while another loads: the last one chosen is shown
  const { data: r } = useLoad(() => getRenewalReport(year), [year]);
  if (!r) return <p className="loading">{t('layout.loading')}</p>;
  const rows = [...r.plans, { code: '', name: tr('renewals.total'), ...r.totals }];
  return (
    <div data-testid="renewal-report">
      <h3>{tr('renewals.reportTitle', { year: r.fiscalYear })}</h3>
      <ScrollBox label={tr('renewals.reportTitle', { year: r.fiscalYear })}>
        <table className="admin-table stack-table">
          <thead>
            <tr>
              <th>{tr('renewals.plan')}</th>
              <th>{tr('renewals.lastYear', { year: r.lastYear })}</th>
              <th>{tr('renewals.renewed')}</th>
              <th>{tr('renewals.notRenewed')}</th>
              <th>{tr('renewals.newMembers')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.code || 'all'}>
                <th scope="row" className="stack-title">
                  {p.name}
                </th>
                <td data-label={tr('renewals.lastYear', { year: r.lastYear })}>{p.lastYear}</td>
                <td data-label={tr('renewals.renewed')}>{p.renewed}</td>
                <td data-label={tr('renewals.notRenewed')}>{p.notRenewed}</td>
                <td data-label={tr('renewals.newMembers')}>{p.newMembers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <details>
        <summary>{tr('renewals.notRenewedList', { count: r.totals.notRenewed })}</summary>
        <ul className="renewals-people">
          {r.notRenewed.map((m) => (
            <li key={`${m.userId}-${m.plan}`}>
              <strong>{m.name}</strong> · {tr('renewal.line', { name: m.plan, qty: m.qty })}
              {m.remindersOff ? ` · ${tr('renewals.remindersOff')}` : ''}
              <br />
              <a href={`tel:${m.mobile}`}>{m.mobile}</a> · <a href={`mailto:${m.email}`}>{m.email}</a>
            </li>
          ))}
        </ul>
      </details>
      <button
        type="button"
        className="btn btn-small"
        disabled={r.notRenewed.length === 0}
        onClick={() =>
          downloadCsv(`not-renewed-${r.fiscalYear}`, r.notRenewed, [
            { header: 'Name', value: (m) => m.name },
            { header: 'Mobile', value: (m) => m.mobile },
            { header: 'Email', value: (m) => m.email },
            { header: `Plan ${r.lastYear}`, value: (m) => m.plan },
            { header: 'Members', value: (m) => m.qty },
            { header: 'Reminders off', value: (m) => (m.remindersOff ? 'yes' : '') },
          ])
        }
      >
        {tr('renewals.exportNotRenewed')}
      </button>
    </div>
  );
}

export function RenewalsTab() {
  const { data: a, setData: setA } = useLoad(getReminderAudience, []);
  const [preview, setPreview] = useState<MailPreview | null>(null);
  const [confirm, setConfirm] = useState(false);
  const { run, busy } = useAction();
  const toast = useToast();
  const closePreview = useCallback(() => setPreview(null), []);
  const closeConfirm = useCallback(() => setConfirm(false), []);
  if (!a) return <p className="loading">{t('layout.loading')}</p>;
  const sending = a.campaigns.some((c) => c.state === 'sending');
  return (
    <div>
      <h2>{tr('renewals.campaignTitle')}</h2>
      <p data-testid="reminder-audience">
        {tr('renewals.audience', { count: a.count, lastYear: a.lastYear, year: a.fiscalYear, off: a.unsubscribed })}
      </p>
      <div className="renewals-actions">
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => run(async () => setPreview(await previewReminder()))}
        >
          {tr('renewals.preview')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => run(async () => toast.success((await sendReminderTest()).message))}
        >
          {tr('renewals.testSend')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || a.count === 0 || sending}
          onClick={() => setConfirm(true)}
        >
          {tr('renewals.start')}
        </button>
      </div>
      {a.campaigns.length > 0 && (
        <>
          <h3>{tr('renewals.campaigns')}</h3>
          <ul className="renewals-campaigns">
            {a.campaigns.map((c) => (
              <li key={c.id}>
                <span>
                  {tr('renewals.campaignRow', {
                    when: formatDateTime(c.createdAt),
                    sent: c.sent,
                    audience: c.audience,
                    waiting: c.waiting,
                    state: tr(`renewals.state.${c.state}`),
                  })}
                </span>
                {c.state === 'sending' && (
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={busy}
                    onClick={() =>
                      run(async () => {
                        toast.success((await stopReminderCampaign(c.id)).message);
                        await getReminderAudience().then(setA);
                      })
                    }
                  >
                    {tr('renewals.stop')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <RenewalReport />
      {preview && (
        <Dialog title={preview.subject} onClose={closePreview}>
          <pre className="renewals-preview" data-testid="reminder-preview">
            {preview.text}
          </pre>
        </Dialog>
      )}
      {confirm && (
        <Dialog title={tr('renewals.confirmTitle')} onClose={closeConfirm}>
          <p>{tr('renewals.confirmBody', { count: a.count })}</p>
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={closeConfirm}>
              {t('contribute.stayHere')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  const r = await startReminderCampaign();
                  setConfirm(false);
                  toast.success(r.message);
                  setA(await getReminderAudience());
                })
              }
            >
              {tr('renewals.start')}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
