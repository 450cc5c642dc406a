import { useEffect, useRef, useState } from 'react';
import { REJECT_REASONS, type RejectReason } from '../../../core/contracts/admin';
import type { OrderView } from '../../../core/contracts/orders';
import type { StatementLineView } from '../../../core/contracts/refunds';
import { t } from '../../../core/i18n';
import { formatINR, rupeesToPaise } from '../../../core/money';
import { isPaymentReference, normalizeReference } from '../../../core/references';
import { useToast } from '../../components/toast';
import { useAction } from '../../lib/use-action';
import { approveOfflineOrder, rejectOfflineOrder } from './api';
import { shown } from './StatementMatcher';
import './statements.css';
import { ORDER_STATUS } from '../../../core/orders';

const inr = (rupees: number) => formatINR(rupeesToPaise(rupees));

/** The credits of the imported statements that concern this transfer (fitting it, or needing a person about it). */
export const creditsOf = (order: OrderView, credits: readonly StatementLineView[]) =>
  credits.filter((c) => c.orderRcptId === order.orderRcptId || c.candidates.includes(order.orderRcptId));

function CreditText({ credit }: { credit: StatementLineView }) {
  const params = {
    amount: inr(credit.amount),
    date: credit.date,
    reference: shown(credit),
  };
  if (credit.state === 'ambiguous') {
    return <>{t('transfer.creditAmbiguous', { ...params, rcpts: credit.candidates.join(', ') })}</>;
  }
  if (credit.state === 'mismatch') {
    return <>{t('transfer.creditMismatch', { ...params, expected: inr(credit.expected ?? 0) })}</>;
  }
  return <>{t('transfer.creditMatched', params)}</>;
}

/**
 * Approving or rejecting a transfer (docs/decisions/141): the amount, the payer's transaction id and
 * what the imported statements hold for it sit next to the buttons; Approve asks once more, naming the amount and
 * the contributor; Reject needs a reason from the stock list (or Other with the words), which the contributor reads.
 */
export function TransferDecision({
  order,
  credits,
  onDone,
}: {
  order: OrderView;
  credits: readonly StatementLineView[];
  onDone: (status: 'Success' | 'Rejected') => void;
}) {
  const { run, busy } = useAction();
  const toast = useToast();
  const [step, setStep] = useState<'check' | 'approve' | 'reject'>('check');
  const [reason, setReason] = useState<RejectReason | null>(null);
  const [other, setOther] = useState('');
  const [problem, setProblem] = useState<{ field: 'reason' | 'other'; text: string } | null>(null);
  const amount = inr(order.orderTotal);
  const txn = order.transactionId ?? '';
  const mine = creditsOf(order, credits);
  // the button pressed goes away with its step: the focus moves to the first control of the next one
  const box = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) {
      moved.current = true;
      return;
    }
    box.current?.querySelector<HTMLElement>(`[data-step="${step}"] input, [data-step="${step}"] button`)?.focus();
  }, [step]);

  const approve = () =>
    run(async () => {
      const r = await approveOfflineOrder(order);
      toast.success(r.message);
      onDone(ORDER_STATUS.success);
    });
  const reject = () => {
    if (!reason) {
      setProblem({ field: 'reason', text: t('transfer.reasonRequired') });
      document.getElementById('reject-reason-notFound')?.focus();
      return;
    }
    if (reason === 'other' && !other.trim()) {
      setProblem({ field: 'other', text: t('transfer.otherRequired') });
      document.getElementById('reject-other')?.focus();
      return;
    }
    void run(async () => {
      const r = await rejectOfflineOrder(order, reason, reason === 'other' ? other : '');
      toast.success(r.message);
      onDone(ORDER_STATUS.rejected);
    });
  };

  return (
    <div className="transfer-decision" ref={box}>
      <section className="transfer-check" aria-label={t('transfer.check')}>
        <dl className="admin-dl">
          <dt>{t('transfer.amount')}</dt>
          <dd data-testid="transfer-amount">{amount}</dd>
          <dt>{t('transfer.txnId')}</dt>
          <dd data-testid="transfer-txn">{txn}</dd>
          <dt>{t('transfer.credit')}</dt>
          <dd data-testid="transfer-credit">
            {mine.length > 0 ? (
              <ul className="transfer-credits">
                {mine.map((c) => (
                  <li key={c.lineId} className={`credit-${c.state}`}>
                    <CreditText credit={c} />
                  </li>
                ))}
              </ul>
            ) : (
              <span className="credit-none">
                {isPaymentReference(normalizeReference(txn)) ? t('transfer.noCredit') : t('transfer.notReference')}
              </span>
            )}
          </dd>
        </dl>
      </section>

      {step === 'approve' ? (
        <section className="transfer-confirm" aria-labelledby="approve-question" data-step="approve">
          <p id="approve-question" className="transfer-question">
            {t('transfer.confirmApprove', { amount, name: order.userName, rcpt: order.orderRcptId })}
          </p>
          <p className="hint">{t('transfer.confirmHint')}</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={approve}>
              {t('transfer.yesApprove', { amount })}
            </button>
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setStep('check')}>
              {t('transfer.back')}
            </button>
          </div>
        </section>
      ) : null}

      {step === 'reject' ? (
        <div className="transfer-confirm" data-step="reject">
          <fieldset
            className={problem?.field === 'reason' ? 'reject-reasons field-invalid' : 'reject-reasons'}
            aria-describedby={problem?.field === 'reason' ? 'reject-reason-err' : undefined}
          >
            <legend>{t('transfer.reasonLegend')}</legend>
            {REJECT_REASONS.map((code) => (
              <label key={code} className="admin-check" htmlFor={`reject-reason-${code}`}>
                <input
                  id={`reject-reason-${code}`}
                  type="radio"
                  name="reject-reason"
                  value={code}
                  checked={reason === code}
                  onChange={() => {
                    setReason(code);
                    setProblem(null);
                  }}
                />
                {t(`transfer.reason.${code}`)}
              </label>
            ))}
            {problem?.field === 'reason' ? (
              <small className="field-error" id="reject-reason-err" role="alert">
                {problem.text}
              </small>
            ) : null}
          </fieldset>
          {reason === 'other' ? (
            <div className={problem?.field === 'other' ? 'field field-invalid' : 'field'}>
              <label htmlFor="reject-other">{t('transfer.reasonOther')}</label>
              <textarea
                id="reject-other"
                rows={3}
                maxLength={500}
                value={other}
                aria-invalid={problem?.field === 'other' || undefined}
                aria-describedby={problem?.field === 'other' ? 'reject-other-err' : undefined}
                onChange={(e) => {
                  setOther(e.target.value);
                  setProblem(null);
                }}
              />
              {problem?.field === 'other' ? (
                <small className="field-error" id="reject-other-err" role="alert">
                  {problem.text}
                </small>
              ) : null}
            </div>
          ) : null}
          <div className="dialog-actions">
            <button type="button" className="btn btn-danger" disabled={busy} onClick={reject}>
              {t('transfer.confirmReject', { rcpt: order.orderRcptId })}
            </button>
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setStep('check')}>
              {t('transfer.back')}
            </button>
          </div>
        </div>
      ) : null}

      {step === 'check' ? (
        <div className="dialog-actions" data-step="check">
          <button type="button" className="btn btn-primary" onClick={() => setStep('approve')}>
            {t('admin.approve')}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => setStep('reject')}>
            {t('admin.reject')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
