// The admin's Gate sales tab (docs/decisions/250-252): sales per volunteer per day, the cash
// handed over and what is still with the volunteer; the gate sales to resolve. Loaded with the tab, not with the
// admin page.
import { type FormEvent, useState } from 'react';
import { type GateDayRow, type GateSalesResponse, recordCashHandoverRequest } from '../../../core/contracts/gate';
import { formatDateTime } from '../../../core/festival';
import { type GateKey, tg } from '../../../core/messages/gate.en';
import { formatINR, rupeesToPaise } from '../../../core/money';
import { Field, useFieldError } from '../../components/forms';
import { useToast } from '../../components/toast';
import { formProblem } from '../../lib/form-check';
import { useAction, useLoad } from '../../lib/use-action';
import { getGateSales, recordCashHandover, resolveGateConflict } from './gate-api';
import { ScrollBox } from './ScrollBox';

const inr = (rupees: number) => formatINR(rupeesToPaise(rupees));

export function GateSalesTab() {
  const { data: report, setData: setReport, reload } = useLoad(getGateSales, []);
  const [handing, setHanding] = useState<GateDayRow | null>(null);

  if (!report) return null;
  return (
    <div className="gate-tab">
      <h2>{tg('gateTab.title')}</h2>
      {report.days.length === 0 ? (
        <p className="empty">{tg('gateTab.none')}</p>
      ) : (
        <ScrollBox label={tg('gateTab.title')}>
          <table className="admin-table stack-table" data-testid="gate-days">
            <thead>
              <tr>
                <th>{tg('gateTab.day')}</th>
                <th>{tg('gateTab.volunteer')}</th>
                <th>{tg('gateTab.sales')}</th>
                <th>{tg('gateTab.units')}</th>
                <th>{tg('gateTab.cash')}</th>
                <th>{tg('gateTab.upi')}</th>
                <th>{tg('gateTab.handedOver')}</th>
                <th>{tg('gateTab.difference')}</th>
                <th>{tg('gateTab.record')}</th>
              </tr>
            </thead>
            <tbody>
              {report.days.map((d) => (
                <tr key={`${d.day}-${d.volunteerId}`}>
                  <td className="stack-title">
                    {d.day} · {d.volunteer}
                  </td>
                  <td data-label={tg('gateTab.volunteer')}>{d.volunteer}</td>
                  <td data-label={tg('gateTab.sales')}>{d.sales}</td>
                  <td data-label={tg('gateTab.units')}>{d.units}</td>
                  <td data-label={tg('gateTab.cash')}>{inr(d.cash)}</td>
                  <td data-label={tg('gateTab.upi')}>{inr(d.upi)}</td>
                  <td data-label={tg('gateTab.handedOver')}>{inr(d.handedOver)}</td>
                  <td data-label={tg('gateTab.difference')} data-testid="gate-difference">
                    {inr(d.difference)}
                  </td>
                  <td>
                    <button type="button" className="btn btn-small" onClick={() => setHanding(d)}>
                      {tg('gateTab.record')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {handing && (
        <Handover
          row={handing}
          onDone={(row) => {
            setHanding(null);
            setReport((r) =>
              r
                ? {
                    ...r,
                    days: r.days.map((d) => (d.day === row.day && d.volunteerId === row.volunteerId ? row : d)),
                  }
                : r,
            );
          }}
          onCancel={() => setHanding(null)}
        />
      )}
      <Conflicts report={report} reload={() => void reload()} />
    </div>
  );
}

function Handover({
  row,
  onDone,
  onCancel,
}: {
  row: GateDayRow;
  onDone: (row: GateDayRow) => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const { run, busy } = useAction();
  const { show, errorOf, clear } = useFieldError();
  // one key per form: a double click (or a retry after a lost answer) records the cash once
  const [requestKey] = useState(() => `hand-${crypto.randomUUID()}`);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    clear();
    const form = e.currentTarget;
    const data = new FormData(form);
    const body = {
      volunteerId: row.volunteerId,
      day: row.day,
      amount: Number(String(data.get('amount') ?? '').replace(/,/g, '')),
      note: String(data.get('note') ?? '').trim() || null,
      requestKey,
    };
    // the contract's own rules (more than 0, at most two decimals), in its words, before the call
    const problem = formProblem(recordCashHandoverRequest, body, (path) =>
      path === 'amount' || path === 'note' ? path : null,
    );
    if (problem) return problem.field ? show(form, problem.field, problem.text) : toast.error(problem.text);
    const { amount } = body;
    await run(
      async () => {
        const r = await recordCashHandover(body);
        toast.success(tg('gateTab.recorded', { amount: inr(amount), volunteer: row.volunteer, day: row.day }));
        onDone(r);
      },
      (err) => show(form, 'amount', err.message),
    );
  }
  return (
    <form className="gate-handover" onSubmit={submit} noValidate aria-label={tg('gateTab.record')}>
      <h3>
        {tg('gateTab.record')}: {row.volunteer}, {row.day}
      </h3>
      <Field
        label={tg('gateTab.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        error={errorOf('amount')}
      />
      <Field label={tg('gateTab.note')} name="note" autoComplete="off" error={errorOf('note')} />
      <div className="gate-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {tg('gateTab.save')}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {tg('gateTab.cancel')}
        </button>
      </div>
    </form>
  );
}

function Conflicts({ report, reload }: { report: GateSalesResponse; reload: () => void }) {
  const toast = useToast();
  const { run, busy } = useAction();
  const [notes, setNotes] = useState<Record<string, string>>({});
  return (
    <section className="gate-conflicts">
      <h2>{tg('gateTab.conflicts')}</h2>
      {report.conflicts.length === 0 ? (
        <p className="empty">{tg('gateTab.noConflicts')}</p>
      ) : (
        <ul>
          {report.conflicts.map((c) => (
            <li key={c.orderRcptId}>
              <strong>{c.orderRcptId}</strong> · {c.buyer} · {inr(c.total)} · {c.volunteer} · {c.day} ·{' '}
              {tg(`gateTab.conflict.${c.conflict}` as GateKey)}
              {c.resolvedAt ? (
                <span> · {tg('gateTab.resolvedAt', { time: formatDateTime(c.resolvedAt) })}</span>
              ) : (
                <form
                  className="gate-resolve"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void run(async () => {
                      const r = await resolveGateConflict(c.orderRcptId, notes[c.orderRcptId] ?? '');
                      toast.success(r.message);
                      reload();
                    });
                  }}
                >
                  <Field
                    label={tg('gateTab.resolveNote')}
                    value={notes[c.orderRcptId] ?? ''}
                    onChange={(e) => setNotes((n) => ({ ...n, [c.orderRcptId]: e.target.value }))}
                  />
                  <button type="submit" className="btn btn-small" disabled={busy}>
                    {tg('gateTab.resolve')}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
