import { ta } from '../../../core/messages/admin.en';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { AdminSettings, AuditRow, Overview, StaffMember } from '../../../core/contracts/admin';
import { festivalYear, formatDateTime } from '../../../core/festival';
import { t } from '../../../core/i18n';
import { Field } from '../../components/forms';
import { useToast } from '../../components/toast';
import { useAction } from '../../lib/use-action';
import {
  type AuditFilter,
  getAdminSettings,
  getAuditLog,
  getOverview,
  getStaff,
  setUserRole,
  updateSettings,
} from './api';
import { downloadCsv } from './csv';
import { inr } from './OrderDialog';
import { ScrollBox } from './ScrollBox';
import { RenewalReport } from './RenewalsTab';

export function SettingsTab() {
  const [s, setS] = useState<AdminSettings | null>(null);
  const [charge, setCharge] = useState('');
  const { run, busy } = useAction();
  const toast = useToast();
  useEffect(() => {
    void run(async () => {
      const got = await getAdminSettings();
      setS(got);
      setCharge(String(got.convenienceChargePercent));
    });
  }, [run]);

  if (!s) return <p className="loading">Loading…</p>;
  const setBank = (k: keyof AdminSettings['bank']) => (e: { target: { value: string } }) =>
    setS({ ...s, bank: { ...s.bank, [k]: e.target.value } });
  const save = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const r = await updateSettings({
        membershipLive: s.membershipLive,
        dailyPassLive: s.dailyPassLive,
        bank: s.bank,
        convenienceChargePercent: Number(charge),
      });
      setS(r);
      toast.success(t('admin.settings.saved'));
    });
  };

  return (
    <div>
      <form className="admin-form" onSubmit={save}>
        <label className="admin-check">
          <input
            type="checkbox"
            checked={s.membershipLive}
            onChange={(e) => setS({ ...s, membershipLive: e.target.checked })}
          />
          {ta('adm.membershipLive')}
        </label>
        <label className="admin-check">
          <input
            type="checkbox"
            checked={s.dailyPassLive}
            onChange={(e) => setS({ ...s, dailyPassLive: e.target.checked })}
          />
          {ta('adm.dailyPassLive')}
        </label>
        <Field label={ta('adm.payee')} value={s.bank.payee} onChange={setBank('payee')} />
        <Field
          label={ta('adm.accountNumber')}
          inputMode="numeric"
          value={s.bank.accountNumber}
          onChange={setBank('accountNumber')}
        />
        <Field label={ta('adm.ifsc')} value={s.bank.ifsc} onChange={setBank('ifsc')} />
        <Field label={ta('adm.bankName')} value={s.bank.bankName} onChange={setBank('bankName')} />
        <Field label={ta('adm.upi')} value={s.bank.upiVpa} onChange={setBank('upiVpa')} />
        <Field
          label={ta('adm.convenience')}
          inputMode="decimal"
          value={charge}
          onChange={(e) => setCharge(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('admin.settings.save')}
        </button>
      </form>
      <RolesSection />
    </div>
  );
}

function RolesSection() {
  const [staff, setStaff] = useState<StaffMember[]>([]);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'admin' | 'volunteer'>('volunteer');
  const { run, busy } = useAction();
  const toast = useToast();
  const load = useCallback(() => run(async () => setStaff(await getStaff())), [run]);
  useEffect(() => {
    void load();
  }, [load]);
  const change = (who: string, r: 'admin' | 'volunteer', granted: boolean) =>
    run(async () => {
      const res = await setUserRole(who, r, granted);
      toast.success(res.message);
      setStaff(await getStaff());
    });

  return (
    <section>
      <h2>{ta('col.staff')}</h2>
      <ScrollBox label={ta('col.staff')}>
        <table className="admin-table stack-table">
          <thead>
            <tr>
              <th>{ta('col.name')}</th>
              <th>{ta('col.email')}</th>
              <th>{ta('col.admin')}</th>
              <th>{ta('col.volunteer')}</th>
            </tr>
          </thead>
          <tbody>
            {staff.map((m) => (
              <tr key={m.id}>
                <td className="stack-title">{m.name}</td>
                <td data-label={ta('col.email')}>{m.email}</td>
                <td data-label={ta('col.admin')}>
                  {m.admin ? `${ta('adm.yes')} ` : ''}
                  {m.admin ? (
                    <button
                      type="button"
                      className="link-button"
                      disabled={busy}
                      onClick={() => change(m.email, 'admin', false)}
                    >
                      {t('admin.roles.remove')}
                    </button>
                  ) : null}
                </td>
                <td data-label={ta('col.volunteer')}>
                  {m.volunteer ? `${ta('adm.yes')} ` : ''}
                  {m.volunteer ? (
                    <button
                      type="button"
                      className="link-button"
                      disabled={busy}
                      onClick={() => change(m.email, 'volunteer', false)}
                    >
                      {t('admin.roles.remove')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <form
        className="admin-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          void change(email, role, true);
        }}
      >
        <Field label={ta('adm.accountEmail')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <div className="field">
          <label htmlFor="role-select">{ta('adm.role')}</label>
          <select id="role-select" value={role} onChange={(e) => setRole(e.target.value as 'admin' | 'volunteer')}>
            <option value="volunteer">{ta('col.volunteer')}</option>
            <option value="admin">{ta('col.admin')}</option>
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('admin.roles.grant')}
        </button>
      </form>
    </section>
  );
}

/** Horizontal bars, one per label, split into online and offline: plain SVG, no chart library. */
function BarChart({ title, rows }: { title: string; rows: { label: string; parts: number[] }[] }) {
  const colors = ['#7a1230', '#f2a900'];
  const max = Math.max(1, ...rows.map((r) => r.parts.reduce((a, b) => a + b, 0)));
  const rowH = 26;
  const labelW = 110;
  const width = 400;
  const height = rows.length * rowH + 10;
  return (
    <svg className="admin-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
      <title>{title}</title>
      {rows.map((r, i) => {
        let x = labelW;
        const total = r.parts.reduce((a, b) => a + b, 0);
        return (
          <g key={r.label} transform={`translate(0, ${i * rowH + 5})`}>
            <text x={0} y={15}>
              {r.label}
            </text>
            {r.parts.map((p, j) => {
              const w = ((width - labelW - 60) * p) / max;
              const rect = <rect key={colors[j]} x={x} y={2} width={w} height={rowH - 8} fill={colors[j]} />;
              x += w;
              return rect;
            })}
            <text x={x + 4} y={15}>
              {total.toLocaleString('en-IN')}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function HourChart({ day, hours }: { day: string; hours: { hour: number; collected: number }[] }) {
  const max = Math.max(1, ...hours.map((h) => h.collected));
  const w = 400;
  const h = 140;
  const barW = w / 24;
  return (
    <svg className="admin-chart" viewBox={`0 0 ${w} ${h + 20}`} role="img" aria-label={ta('adm.perHourOn', { day })}>
      <title>{ta('adm.perHourOn', { day })}</title>
      {Array.from({ length: 24 }, (_, hour) => {
        const n = hours.find((x) => x.hour === hour)?.collected ?? 0;
        const bh = (h * n) / max;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the 24 hours of a day are the stable keys
          <g key={hour}>
            <rect x={hour * barW + 1} y={h - bh} width={barW - 2} height={bh} fill="#7a1230">
              <title>{`${hour}:00 - ${n}`}</title>
            </rect>
            {hour % 3 === 0 ? (
              <text x={hour * barW} y={h + 14}>
                {hour}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** The current festival year and the three before it, e.g. 2026-27, 2025-26, ... */
function recentYears(): string[] {
  const start = Number(festivalYear().slice(0, 4));
  return [0, 1, 2, 3].map((k) => `${start - k}-${String((start - k + 1) % 100).padStart(2, '0')}`);
}

export function OverviewTab() {
  const [o, setO] = useState<Overview | null>(null);
  const [year, setYear] = useState(festivalYear());
  const { run } = useAction();
  useEffect(() => {
    void run(async () => setO(await getOverview(year)));
  }, [run, year]);
  if (!o) return <p className="loading">Loading…</p>;
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
      <h2>Festival year {o.fiscalYear}</h2>
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
            rows={categories.map((c) => ({ label: c, parts: [amountOf(c, 'Online'), amountOf(c, 'Offline')] }))}
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
                    <td className="stack-title">{r.category}</td>
                    <td data-label={ta('col.paymentType')}>{r.paymentType}</td>
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
                { header: 'Category', value: (r) => r.category },
                { header: 'Payment Type', value: (r) => r.paymentType },
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
              { header: 'Action', value: (r) => r.action },
              { header: 'Entity', value: (r) => r.entityType },
              { header: 'Entity Id', value: (r) => r.entityId },
              { header: 'Details', value: (r) => JSON.stringify(r.details) },
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
              {rows.map((r) => (
                <tr key={r.id}>
                  <td data-label={ta('col.time')}>{formatDateTime(r.at)}</td>
                  <td data-label={ta('col.who')}>{r.actorName ? `${r.actorName} (${r.actorEmail})` : 'system'}</td>
                  <td className="stack-title">{r.action}</td>
                  <td data-label={ta('col.entity')}>
                    {r.entityType} {r.entityId}
                  </td>
                  <td className="stack-actions">
                    <pre>{JSON.stringify(r.details)}</pre>
                  </td>
                </tr>
              ))}
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
