import { useEffect, useMemo, useState } from 'react';
import type * as z from 'zod';
import {
  carryOverRequest,
  manualRefundRequest,
  type OrderRefunds,
  type RefundView,
  refundOrderRequest,
} from '../../../core/contracts/refunds';
import { formatDate } from '../../../core/festival';
import { t } from '../../../core/i18n';
import { formatINR, rupeesToPaise } from '../../../core/money';
import { REFUND_STATE, REFUND_STATUS } from '../../../core/orders';
import { planRefund, RefundPlanError } from '../../../core/refunds';
import { Dialog } from '../../components/Dialog';
import { useToast } from '../../components/toast';
import { useAction } from '../../lib/use-action';
import './refund.css';
import { carryOverOrder, getOrderRefunds, recordManualRefund, refundOrder, retryRefund } from './refunds-api';

/**
 * A body's first problem by its call's contract, in the server's words (web/lib/form-check.ts): said as a toast, as
 * the dialog says its other problems. Loaded when asked, as the dialog is on the admin page's first load.
 */
async function problemOf(schema: z.ZodType, body: unknown): Promise<string | null> {
  const { formProblem } = await import('../../lib/form-check');
  return formProblem(schema, body)?.text ?? null;
}

/**
 * Cancel and refund a paid order (admins only): units per line, starting at none; a line that cannot be refunded is
 * shown disabled with the reason beside it; a reason for the member's email, and for a direct transfer the bank/UPI
 * reference of the money sent back; then "Refund ₹X to <method>?" before anything is sent. The amount shown is
 * computed by the same rule the server uses; the server computes it again and never takes it from here. A refund
 * that failed at the gateway is retried or recorded as paid back by hand from here (docs/decisions/145).
 */
export function RefundDialog({
  orderPkId,
  orderRcptId,
  onClose,
  onDone,
}: {
  orderPkId: number;
  orderRcptId: string;
  onClose: () => void;
  onDone?: (o: OrderRefunds) => void;
}) {
  const { run, busy } = useAction();
  const toast = useToast();
  const [view, setView] = useState<OrderRefunds | null>(null);
  const [units, setUnits] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [confirming, setConfirming] = useState(false);
  // one key per action: a double click or a retry of the same request is one refund on the server
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());

  /** A new state of the order's refunds: nothing chosen again, a fresh key for the next action. */
  const show = (v: OrderRefunds) => {
    setView(v);
    setUnits({});
    setConfirming(false);
    setRequestKey(crypto.randomUUID());
  };
  const load = () => run(async () => show(await getOrderRefunds(orderPkId)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per order
  useEffect(() => {
    void load();
  }, [orderPkId]);

  const chosen = useMemo(
    () =>
      (view?.lines ?? [])
        .filter((l) => l.notRefundable === null && (units[l.lineId] ?? 0) > 0)
        .map((l) => ({ lineId: l.lineId, qty: units[l.lineId]! })),
    [view, units],
  );
  const amountPaise = useMemo(() => {
    if (!view || chosen.length === 0) return 0;
    try {
      const lines = view.lines.map((l) => ({
        id: l.lineId,
        type: l.type,
        code: l.code,
        name: l.name,
        qty: l.qty,
        sellPricePaise: l.sellPricePaise,
        refundedQty: l.qty - l.refundableQty,
      }));
      return planRefund(lines, { lines: chosen }, { passCollected: false }).amountPaise;
    } catch (e) {
      if (e instanceof RefundPlanError) return 0;
      throw e;
    }
  }, [view, chosen]);

  const left = view?.lines.some((l) => l.notRefundable === null) ?? false;
  const online = view?.paymentType === 'Online';
  const amount = formatINR(amountPaise);
  // carry-over (festival called off): every membership and sponsorship still held, at the price paid
  const carryPaise = (view?.lines ?? [])
    .filter((l) => (l.type === 'MEMBERSHIP' || l.type === 'SPONSORSHIP') && l.notRefundable === null)
    .reduce((sum, l) => {
      const done = l.qty - l.refundableQty;
      const upTo = (n: number) => Math.floor((l.sellPricePaise * n) / l.qty);
      return sum + upTo(l.qty) - upTo(done);
    }, 0);
  const carryOver = () =>
    run(async () => {
      const body = { orderPkId, reason: reason.trim(), requestKey };
      const bad = await problemOf(carryOverRequest, body);
      if (bad) return toast.error(bad);
      const r = await carryOverOrder(body);
      toast.success(r.message);
      show(r.order);
      setReason('');
      onDone?.(r.order);
    });
  // the first press asks "Refund ₹X to <method>?"; only "Yes, refund" sends it
  const refundBody = () => ({
    orderPkId,
    lines: chosen,
    reason: reason.trim(),
    ...(online ? {} : { reference: reference.trim() }),
    requestKey,
  });
  const review = async () => {
    if (chosen.length === 0) return toast.error(t('refund.pickSome'));
    const bad = await problemOf(refundOrderRequest, refundBody());
    if (bad) return toast.error(bad);
    setConfirming(true);
  };
  const submit = () =>
    run(async () => {
      const r = await refundOrder(refundBody());
      toast.success(r.message);
      show(r.order);
      setReason('');
      setReference('');
      onDone?.(r.order);
    });

  return (
    <Dialog
      title={t('refund.title', { rcpt: orderRcptId })}
      onClose={onClose}
      className="refund-dialog"
      closeButton={false}
    >
      {!view ? (
        <p aria-busy="true">…</p>
      ) : (
        <>
          {view.refundState === REFUND_STATE.refundPending ? (
            <p className="refund-note refund-pending" role="status">
              {t('refund.pendingNote')}
            </p>
          ) : null}
          {view.refunds
            .filter((r) => r.status === REFUND_STATUS.failed && r.replacedBy === null && r.method === 'razorpay')
            .map((r) => (
              <FailedRefund
                key={r.refundId}
                refund={r}
                busy={busy}
                run={run}
                onDone={(v) => {
                  show(v);
                  onDone?.(v);
                }}
              />
            ))}
          <ul className="refund-lines">
            {view.lines.map((l) => {
              const why = l.notRefundable;
              return (
                <li key={l.lineId} className={why ? 'refund-line-off' : undefined}>
                  <label htmlFor={`refund-line-${l.lineId}`}>
                    {t('refund.unitsOf', { name: l.name, left: l.refundableQty })}
                  </label>
                  <input
                    id={`refund-line-${l.lineId}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={l.refundableQty}
                    disabled={why !== null || confirming}
                    aria-describedby={why ? `refund-why-${l.lineId}` : undefined}
                    value={why ? 0 : (units[l.lineId] ?? 0)}
                    onChange={(e) => {
                      const n = Math.max(0, Math.min(l.refundableQty, Math.floor(Number(e.target.value) || 0)));
                      setUnits((u) => ({ ...u, [l.lineId]: n }));
                    }}
                  />
                  {why ? (
                    <small id={`refund-why-${l.lineId}`} className="refund-why">
                      {t(`refund.why.${why}`)}
                    </small>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {left ? (
            <>
              <p className="refund-total" data-testid="refund-amount">
                {t('refund.amount', { amount })}
              </p>
              {online && view.convenienceCharge > 0 ? (
                <p className="refund-note">
                  {t('refund.convenienceKept', { amount: formatINR(rupeesToPaise(view.convenienceCharge)) })}
                </p>
              ) : null}
              <div className="field">
                <label htmlFor="refund-reason">{t('refund.reason')}</label>
                <textarea
                  id="refund-reason"
                  rows={3}
                  maxLength={500}
                  value={reason}
                  disabled={confirming}
                  onChange={(e) => setReason(e.target.value)}
                />
              </div>
              {!online ? (
                <div className="field">
                  <label htmlFor="refund-reference">{t('refund.reference')}</label>
                  <input
                    id="refund-reference"
                    type="text"
                    maxLength={64}
                    autoComplete="off"
                    value={reference}
                    disabled={confirming}
                    onChange={(e) => setReference(e.target.value)}
                  />
                </div>
              ) : null}
            </>
          ) : (
            <p>{t('refund.nothingLeft')}</p>
          )}
          {confirming ? (
            <fieldset className="refund-confirm">
              <legend className="refund-total">
                {t('refund.confirmQuestion', {
                  amount,
                  method: t(online ? 'refund.to.online' : 'refund.to.transfer'),
                })}
              </legend>
              <div className="dialog-actions">
                <button type="button" className="btn btn-danger" disabled={busy} onClick={submit}>
                  {t('refund.yes')}
                </button>
                <button type="button" className="btn" disabled={busy} onClick={() => setConfirming(false)}>
                  {t('refund.back')}
                </button>
              </div>
            </fieldset>
          ) : null}
          {view.refunds.length > 0 ? (
            <>
              <h3>{t('refund.history')}</h3>
              <ul className="refund-history">
                {view.refunds.map((r) => (
                  <li key={r.refundId}>
                    {t('refund.row', {
                      date: formatDate(r.createdAt),
                      amount: formatINR(rupeesToPaise(r.amount)),
                      status: t(`refund.status.${r.status}`),
                    })}
                    {r.reference ? ` · ${r.reference}` : ''}
                    {r.carriedTo ? ` · ${t('refund.carriedTo', { to: r.carriedTo })}` : ''}
                    {r.failureReason ? ` · ${r.failureReason}` : ''}
                    {r.replacedBy ? ` · ${t('refund.replaced', { id: r.replacedBy })}` : ''}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
      <div className="dialog-actions">
        {view && left && !confirming ? (
          <button type="button" className="btn btn-danger" disabled={busy || amountPaise === 0} onClick={review}>
            {t('refund.confirm', { amount })}
          </button>
        ) : null}
        {view && carryPaise > 0 && !confirming ? (
          <button
            type="button"
            className="btn"
            disabled={busy}
            title={t('carry.hint', { amount: formatINR(carryPaise), year: view.nextFiscalYear })}
            onClick={carryOver}
          >
            {t('carry.button', { year: view.nextFiscalYear })}
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('admin.close')}
        </button>
      </div>
    </Dialog>
  );
}

/** A refund that failed at the gateway: asked again, or recorded as paid back by hand with its reference. */
function FailedRefund({
  refund,
  busy,
  run,
  onDone,
}: {
  refund: RefundView;
  busy: boolean;
  run: ReturnType<typeof useAction>['run'];
  onDone: (v: OrderRefunds) => void;
}) {
  const toast = useToast();
  const [manual, setManual] = useState(false);
  const [reference, setReference] = useState('');
  const [requestKey] = useState(() => crypto.randomUUID());
  const id = refund.refundId;
  const done = (r: { message: string; order: OrderRefunds }) => {
    toast.success(r.message);
    onDone(r.order);
  };
  return (
    <section className="refund-failed" aria-labelledby={`refund-failed-${id}`}>
      <p id={`refund-failed-${id}`} role="alert">
        {t('refund.failedNote', { id, amount: formatINR(rupeesToPaise(refund.amount)) })}
      </p>
      {manual ? (
        <div className="field">
          <label htmlFor={`refund-manual-${id}`}>{t('refund.manualReference')}</label>
          <input
            id={`refund-manual-${id}`}
            type="text"
            maxLength={64}
            autoComplete="off"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
        </div>
      ) : null}
      <div className="dialog-actions">
        {manual ? (
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={() =>
              run(async () => {
                const body = { refundId: id, reference: reference.trim(), requestKey };
                const bad = await problemOf(manualRefundRequest, body);
                if (bad) return toast.error(bad);
                done(await recordManualRefund(body));
              })
            }
          >
            {t('refund.manualSave')}
          </button>
        ) : (
          <>
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => run(async () => done(await retryRefund({ refundId: id, requestKey })))}
            >
              {t('refund.retry')}
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => setManual(true)}>
              {t('refund.manual')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
