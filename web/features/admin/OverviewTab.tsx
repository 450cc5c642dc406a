// Overview: a festival year's totals, the amounts by category, the renewal report and passes collected per hour.
import { useState } from 'react';
import type { Overview } from '../../../core/contracts/admin';
import { festivalYear } from '../../../core/festival';
import { t } from '../../../core/i18n';
import { ta } from '../../../core/messages/admin.en';
import { useAction, useLoad } from '../../lib/use-action';
import { getOverview, getReceiptRegister } from './api';
import { BarChart, HourChart } from './charts';
import { downloadCsv, downloadText } from './csv';
import { inr } from './OrderDialog';
import { RenewalReport } from './RenewalsTab';
import { ScrollBox } from './ScrollBox';
import { categoryText, paymentTypeText } from './words';

/** The current festival year and the three before it, e.g. 2026-27, 2025-26, ... */
function recentYears(): string[] {
  const start = Number(festivalYear().slice(0, 4));
  return [0, 1, 2, 3].map((k) => `${start - k}-${String((start - k + 1) % 100).padStart(2, '0')}`);
}

export function OverviewTab() {
  const [year, setYear] = useState(festivalYear());
  // a year chosen while another loads: the last one chosen is shown
  const { data: o } = useLoad(() => getOverview(year), [year]);
  if (!o) return <p className="loading">{t('layout.loading')}</p>;
  const categories = [...new Set(o.byCategory.map((r) => r.category))];
  const amountOf = (c: string, p: 'Online' | 'Offline') =>
    o.byCategory.find((r) => r.category === c && r.paymentType === p)?.amount ?? 0;
  const days = [...new Set(o.collectionsPerHour.map((h) => h.day))];
  return (
    <div>
      <div className="admin-toolbar">
        <div className="field">
          <label htmlFor="overview-year">{ta('adm.festivalYear')}</label>
          <select id="overview-year" value={year} onChange={(e) => setYear(e.target.value)}>
            {recentYears().map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </div>
      <h2>{ta('adm.festivalYearOf', { year: o.fiscalYear })}</h2>
      <dl className="admin-dl">
        <dt>{ta('adm.paidContributions')}</dt>
        <dd>{o.totals.orders}</dd>
        <dt>{ta('adm.totalReceived')}</dt>
        <dd>{inr(o.totals.amount)}</dd>
        <dt>{ta('adm.online')}</dt>
        <dd>{inr(o.totals.online)}</dd>
        <dt>{ta('adm.directTransfer')}</dt>
        <dd>{inr(o.totals.offline)}</dd>
        <dt>{ta('adm.pendingVerification')}</dt>
        <dd>{o.totals.pending}</dd>
        <dt>{ta('col.refunded')}</dt>
        <dd>{inr(o.totals.refunded)}</dd>
        <dt>{ta('adm.carriedOver')}</dt>
        <dd>{inr(o.totals.carriedOver)}</dd>
        <dt>{ta('col.net')}</dt>
        <dd>{inr(o.totals.net)}</dd>
      </dl>
      {categories.length === 0 ? <p className="empty">{t('admin.overview.empty')}</p> : null}
      {categories.length > 0 ? (
        <>
          <h3>{ta('adm.amountByCategory')}</h3>
          <p className="admin-legend">
            <span style={{ ['--swatch' as string]: '#7a1230' }}>{ta('adm.online')}</span>
            <span style={{ ['--swatch' as string]: '#f2a900' }}>{ta('adm.directTransfer')}</span>
          </p>
          <BarChart
            title={ta('adm.amountByCategoryType')}
            rows={categories.map((c) => ({
              label: categoryText(c),
              parts: [amountOf(c, 'Online'), amountOf(c, 'Offline')],
            }))}
          />
          <ScrollBox label={ta('col.totalsByCategory')}>
            <table className="admin-table stack-table">
              <thead>
                <tr>
                  <th>{ta('col.category')}</th>
                  <th>{ta('col.paymentType')}</th>
                  <th>{ta('col.orders')}</th>
                  <th>{ta('col.units')}</th>
                  <th>{ta('col.amount')}</th>
                  <th>{ta('col.refunded')}</th>
                  <th>{ta('col.net')}</th>
                </tr>
              </thead>
              <tbody>
                {o.byCategory.map((r) => (
                  <tr key={`${r.category}-${r.paymentType}`}>
                    <td className="stack-title">{categoryText(r.category)}</td>
                    <td data-label={ta('col.paymentType')}>{paymentTypeText(r.paymentType)}</td>
                    <td data-label={ta('col.orders')}>{r.orders}</td>
                    <td data-label={ta('col.units')}>{r.units}</td>
                    <td data-label={ta('col.amount')}>{inr(r.amount)}</td>
                    <td data-label={ta('col.refunded')}>{inr(r.refunded + r.carriedOver)}</td>
                    <td data-label={ta('col.net')}>{inr(r.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <button
            type="button"
            className="btn btn-small"
            onClick={() =>
              downloadCsv(`overview-${o.fiscalYear}`, o.byCategory, [
                { header: 'Category', value: (r) => categoryText(r.category) },
                { header: 'Payment Type', value: (r) => paymentTypeText(r.paymentType) },
                { header: 'Orders', value: (r) => r.orders },
                { header: 'Units', value: (r) => r.units },
                { header: 'Amount', value: (r) => r.amount },
                { header: 'Refunded', value: (r) => r.refunded },
                { header: 'Carried Over', value: (r) => r.carriedOver },
                { header: 'Net', value: (r) => r.net },
              ])
            }
          >
            {t('admin.exportCsv')}
          </button>
        </>
      ) : null}
      <ReceiptTotalsTable o={o} />
      <RenewalReport year={o.fiscalYear} />
      {days.length > 0 ? <h3>{ta('adm.passesPerHour')}</h3> : null}
      {days.map((d) => (
        <div key={d}>
          <h4>{d}</h4>
          <HourChart day={d} hours={o.collectionsPerHour.filter((h) => h.day === d)} />
        </div>
      ))}
    </div>
  );
}

/** The year's receipts and credit notes per mode, and the register they add up to, as CSV. */
function ReceiptTotalsTable({ o }: { o: Overview }) {
  const { run, busy } = useAction();
  const modeText = (mode: string) => ta(mode === 'Online' ? 'rcpt.online' : 'rcpt.offline');
  const exportRegister = () =>
    run(async () => {
      const reg = await getReceiptRegister(o.fiscalYear);
      downloadText(`receipt-register-${o.fiscalYear}`, reg.csv);
    });
  return (
    <section aria-labelledby="receipt-totals">
      <h3 id="receipt-totals">{ta('rcpt.title')}</h3>
      <p className="hint">{ta('rcpt.hint')}</p>
      <ScrollBox label={ta('rcpt.title')}>
        <table className="admin-table stack-table" data-testid="receipt-totals">
          <thead>
            <tr>
              <th>{ta('rcpt.mode')}</th>
              <th>{ta('rcpt.receipts')}</th>
              <th>{ta('rcpt.received')}</th>
              <th>{ta('rcpt.creditNotes')}</th>
              <th>{ta('rcpt.refunded')}</th>
              <th>{ta('rcpt.net')}</th>
            </tr>
          </thead>
          <tbody>
            {o.receipts.map((r) => (
              <tr key={r.mode}>
                <td className="stack-title">{modeText(r.mode)}</td>
                <td data-label={ta('rcpt.receipts')}>{r.receipts}</td>
                <td data-label={ta('rcpt.received')}>{inr(r.received)}</td>
                <td data-label={ta('rcpt.creditNotes')}>{r.creditNotes}</td>
                <td data-label={ta('rcpt.refunded')}>{inr(r.refunded)}</td>
                <td data-label={ta('rcpt.net')}>{inr(r.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <button type="button" className="btn btn-small" disabled={busy} onClick={exportRegister}>
        {ta('rcpt.export')}
      </button>
    </section>
  );
}
