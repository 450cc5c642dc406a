import { type FormEvent, useRef, useState } from 'react';
import { type CompleteFailedResult, completeFailedOrderRequest } from '../../../core/contracts/refunds';
import { t } from '../../../core/i18n';
import { formatRcptId, parseRcptId } from '../../../core/ids';
import { Field, useFieldError } from '../../components/forms';
import { useToast } from '../../components/toast';
import { useAction } from '../../lib/use-action';
import { RefundDialog } from './RefundDialog';
import { completeFailedBody, completeFailedOrder } from './refunds-api';

/**
 * Money left the member's account but the contribution shows Failed: the admin gives its id and the
 * Razorpay payment id or the bank/UPI transaction id; the server checks it and completes the order through the
 * same path as every payment. If something it held was taken meanwhile, the refund dialog is offered.
 */
export function CompleteFailedOrder() {
  const { run, busy } = useAction();
  const toast = useToast();
  const [rcpt, setRcpt] = useState('');
  const [reference, setReference] = useState('');
  const [refund, setRefund] = useState<CompleteFailedResult | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const problem = useFieldError();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const orderPkId = parseRcptId(rcpt);
    // a mistyped id is said at its field (docs/decisions/160)
    if (!orderPkId) return problem.show(form.current, 'orderRcptId', t('venue.badRcptId'));
    const body = completeFailedBody(orderPkId, reference.trim());
    // the reference's form (pay_..., or a bank/UPI reference) is the contract's; the check (with the contracts'
    // English) is loaded when the form is sent, as this tab is on the admin page's first load
    const { formProblem } = await import('../../lib/form-check');
    const bad = formProblem(completeFailedOrderRequest, body, (path) =>
      path === 'orderPkId' ? 'orderRcptId' : 'reference',
    );
    if (bad) return problem.show(form.current, bad.field ?? 'reference', bad.text);
    problem.clear();
    void run(async () => {
      const r = await completeFailedOrder(body);
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
      <form className="admin-toolbar" onSubmit={submit} ref={form}>
        <Field
          label={t('complete.rcpt')}
          name="orderRcptId"
          autoComplete="off"
          value={rcpt}
          error={problem.errorOf('orderRcptId')}
          onChange={(e) => setRcpt(e.target.value)}
        />
        <Field
          label={t('complete.reference')}
          name="reference"
          autoComplete="off"
          maxLength={64}
          value={reference}
          error={problem.errorOf('reference')}
          onChange={(e) => setReference(e.target.value)}
        />
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
