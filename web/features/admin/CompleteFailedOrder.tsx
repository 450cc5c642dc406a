import { type FormEvent, useState } from 'react';
import type { CompleteFailedResult } from '../../../core/contracts/refunds';
import { t } from '../../../core/i18n';
import { formatRcptId, parseRcptId } from '../../../core/ids';
import { useToast } from '../../components/toast';
import { api, PAYMENT_TIMEOUT_MS } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { RefundDialog } from './RefundDialog';

/**
 * Money left the member's account but the contribution shows Failed (issue 13): the admin gives its id and the
 * Razorpay payment id or the bank/UPI transaction id; the server checks it and completes the order through the
 * same path as every payment. If something it held was taken meanwhile, the refund dialog is offered.
 */
export function CompleteFailedOrder() {
  const { run, busy } = useAction();
  const toast = useToast();
  const [rcpt, setRcpt] = useState('');
  const [reference, setReference] = useState('');
  const [refund, setRefund] = useState<CompleteFailedResult | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const orderPkId = parseRcptId(rcpt);
    if (!orderPkId) return void toast.error(t('venue.badRcptId'));
    const ref = reference.trim();
    void run(async () => {
      // the server asks Razorpay about the payment: a payment call's time limit (docs/decisions/150)
      const r = await api(
        'completeFailedOrder',
        { orderPkId, ...(/^pay_/.test(ref) ? { razorpayPaymentId: ref } : { transactionId: ref }) },
        { timeoutMs: PAYMENT_TIMEOUT_MS },
      );
      if (r.lost) {
        toast.error(r.message);
        setRefund(r);
      } else toast.success(r.message);
      setRcpt('');
      setReference('');
    });
  };

  return (
    <details className="admin-complete">
      <summary>{t('complete.title')}</summary>
      <p className="hint">{t('complete.hint')}</p>
      <form className="admin-toolbar" onSubmit={submit}>
        <div className="field">
          <label htmlFor="complete-rcpt">{t('complete.rcpt')}</label>
          <input id="complete-rcpt" autoComplete="off" value={rcpt} onChange={(e) => setRcpt(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="complete-ref">{t('complete.reference')}</label>
          <input
            id="complete-ref"
            autoComplete="off"
            maxLength={64}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || !rcpt.trim() || !reference.trim()}>
          {t('complete.button')}
        </button>
      </form>
      {refund ? (
        <RefundDialog
          orderPkId={refund.orderPkId}
          orderRcptId={formatRcptId(refund.orderPkId)}
          onClose={() => setRefund(null)}
        />
      ) : null}
    </details>
  );
}
