import { useEffect, useMemo, useState } from 'react';
import type { OrderRefunds } from '../../../core/contracts/refunds';
import { formatDate } from '../../../core/festival';
import { t } from '../../../core/i18n';
import { formatINR, rupeesToPaise } from '../../../core/money';
import { planRefund, RefundPlanError } from '../../../core/refunds';
import { Dialog } from '../../components/Dialog';
import { useToast } from '../../components/toast';
import { useAction } from '../../lib/use-action';
import './refund.css';
import { carryOverOrder, getOrderRefunds, refundOrder } from './refunds-api';

/**
 * Cancel and refund a paid order (admins only): units per line, a reason for the member's email, and for a
 * direct transfer the bank/UPI reference of the money sent back. The amount shown is computed by the same
 * rule the server uses; the server computes it again and never takes it from here.
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
  // one key per dialog: a double click or a retry of the same refund is one refund on the server
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());

  const load = () =>
    run(async () => {
      const v = await getOrderRefunds(orderPkId);
      setView(v);
      setUnits(Object.fromEntries(v.lines.map((l) => [l.lineId, l.refundableQty])));
    });
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per order
  useEffect(() => {
    void load();
  }, [orderPkId]);

  const chosen = useMemo(
    () =>
      (view?.lines ?? [])
        .filter((l) => (units[l.lineId] ?? 0) > 0)
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

  const left = view?.lines.some((l) => l.refundableQty > 0) ?? false;
  // carry-over (festival called off): every membership and sponsorship still held, at the price paid
  const carryPaise = (view?.lines ?? [])
    .filter((l) => (l.type === 'MEMBERSHIP' || l.type === 'SPONSORSHIP') && l.refundableQty > 0)
    .reduce((sum, l) => {
      const done = l.qty - l.refundableQty;
      const upTo = (n: number) => Math.floor((l.sellPricePaise * n) / l.qty);
      return sum + upTo(l.qty) - upTo(done);
    }, 0);
  const carryOver = () =>
    run(async () => {
      if (!reason.trim()) return toast.error(t('refund.reasonRequired'));
      const r = await carryOverOrder({ orderPkId, reason: reason.trim(), requestKey });
      toast.success(r.message);
      setView(r.order);
      setUnits(Object.fromEntries(r.order.lines.map((l) => [l.lineId, l.refundableQty])));
      setReason('');
      setRequestKey(crypto.randomUUID());
      onDone?.(r.order);
    });
  const submit = () =>
    run(async () => {
      if (chosen.length === 0) return toast.error(t('refund.pickSome'));
      if (!reason.trim()) return toast.error(t('refund.reasonRequired'));
      const r = await refundOrder({
        orderPkId,
        lines: chosen,
        reason: reason.trim(),
        ...(view?.paymentType === 'Offline' ? { reference: reference.trim() } : {}),
        requestKey,
      });
      toast.success(r.message);
      setView(r.order);
      setUnits(Object.fromEntries(r.order.lines.map((l) => [l.lineId, l.refundableQty])));
      setReason('');
      setReference('');
      setRequestKey(crypto.randomUUID());
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
          {left ? (
            <>
              <ul className="refund-lines">
                {view.lines.map((l) => (
                  <li key={l.lineId}>
                    <label htmlFor={`refund-line-${l.lineId}`}>
                      {t('refund.unitsOf', { name: l.name, left: l.refundableQty })}
                    </label>
                    <input
                      id={`refund-line-${l.lineId}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={l.refundableQty}
                      disabled={l.refundableQty === 0}
                      value={units[l.lineId] ?? 0}
                      onChange={(e) => {
                        const n = Math.max(0, Math.min(l.refundableQty, Math.floor(Number(e.target.value) || 0)));
                        setUnits((u) => ({ ...u, [l.lineId]: n }));
                      }}
                    />
                  </li>
                ))}
              </ul>
              <p className="refund-total" data-testid="refund-amount">
                {t('refund.amount', { amount: formatINR(amountPaise) })}
              </p>
              {view.paymentType === 'Online' && view.convenienceCharge > 0 ? (
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
                  onChange={(e) => setReason(e.target.value)}
                />
              </div>
              {view.paymentType === 'Offline' ? (
                <div className="field">
                  <label htmlFor="refund-reference">{t('refund.reference')}</label>
                  <input
                    id="refund-reference"
                    type="text"
                    maxLength={64}
                    autoComplete="off"
                    value={reference}
                    onChange={(e) => setReference(e.target.value)}
                  />
                </div>
              ) : null}
            </>
          ) : (
            <p>{t('refund.nothingLeft')}</p>
          )}
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
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
      <div className="dialog-actions">
        {view && left ? (
          <button type="button" className="btn btn-danger" disabled={busy || amountPaise === 0} onClick={submit}>
            {t('refund.confirm', { amount: formatINR(amountPaise) })}
          </button>
        ) : null}
        {view && carryPaise > 0 ? (
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
