import { useState } from 'react';
import type { OrderView } from '../../../core/contracts/orders';
import type { OrderRefunds, StatementLineView } from '../../../core/contracts/refunds';
import { formatDate, formatDateTime } from '../../../core/festival';
import { t } from '../../../core/i18n';
import { ta } from '../../../core/messages/admin.en';
import { formatINR, rupeesToPaise } from '../../../core/money';
import { receiptPath } from '../../lib/paths';
import { Dialog } from '../../components/Dialog';
import { useToast } from '../../components/toast';
import { useUserInfo } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import { markCouponCollected, resendReceipt } from './api';
import { RefundDialog } from './RefundDialog';
import { ScrollBox } from './ScrollBox';
import { TransferDecision } from './TransferDecision';
import { paymentTypeText } from './words';
import { statusText } from '../../lib/labels';
import { ORDER_STATUS, REFUND_STATE } from '../../../core/orders';

export const inr = (rupees: number) => formatINR(rupeesToPaise(rupees));
export const units = (o: OrderView) => o.selectedProducts.reduce((s, l) => s + l.qty, 0);

type Mode = 'collection' | 'pending' | 'success' | 'plain';

/** The details dialog of SPEC.md section 2, with the extra fields and buttons of each tab. */
export function OrderDialog({
  order,
  mode,
  onClose,
  onDone,
  credits = [],
}: {
  order: OrderView;
  mode: Mode;
  onClose: () => void;
  onDone?: (o: OrderView) => void;
  /** pending mode: the imported statements' open credits, shown next to Approve */
  credits?: readonly StatementLineView[];
}) {
  const { run, busy } = useAction();
  const toast = useToast();
  const [refunding, setRefunding] = useState(false);
  // the refund dialog stays open after a refund (to offer what is left); the row follows when it closes
  const [refunded, setRefunded] = useState<OrderRefunds | null>(null);
  const isAdmin = useUserInfo()?.admin === true;
  // admins only (volunteers never): a paid order with something left to refund
  const canRefund = isAdmin && order.status === ORDER_STATUS.success && order.refundState !== REFUND_STATE.refunded;

  const markCollected = () =>
    run(
      async () => {
        const r = await markCouponCollected(order);
        toast.success(r.message);
        onDone?.({ ...order, passCollected: 1 });
      },
      (err) => {
        // collected meanwhile at another gate: say by whom and when, and show the row as collected
        toast.error(err.message);
        if (err.code === 'AlreadyCollected') onDone?.({ ...order, passCollected: 1 });
      },
    );

  // the payer gets the receipt's link again
  const resend = () =>
    run(async () => {
      const r = await resendReceipt(order.orderPkId);
      toast.success(r.message);
    });

  // the refund dialog replaces this one (one modal at a time: Escape closes only it)
  if (refunding) {
    return (
      <RefundDialog
        orderPkId={order.orderPkId}
        orderRcptId={order.orderRcptId}
        onClose={() => {
          setRefunding(false);
          if (refunded) {
            onDone?.({
              ...order,
              refundState: refunded.refundState,
              refundedAmount: refunded.refunded,
              passCode: refunded.lines.some((l) => l.pass && l.refundableQty > 0) ? order.passCode : null,
            });
          }
        }}
        onDone={setRefunded}
      />
    );
  }

  return (
    <Dialog title={ta('adm.contributionTitle', { rcpt: order.orderRcptId })} onClose={onClose} closeButton={false}>
      <ScrollBox label={ta('col.lines')}>
        <table className="admin-table stack-table">
          <thead>
            <tr>
              <th>{ta('col.planName')}</th>
              <th>{ta('col.quantity')}</th>
              <th>{ta('col.contribution')}</th>
            </tr>
          </thead>
          <tbody>
            {order.selectedProducts.map((l) => (
              <tr key={`${l.code}-${l.name}`}>
                <td className="stack-title">
                  {l.waivedQty ? `${l.name} (${ta('adm.waived', { count: l.waivedQty })})` : l.name}
                </td>
                <td data-label={ta('col.quantity')}>{l.qty}</td>
                <td data-label={ta('col.contribution')}>{inr(l.sellPrice)}</td>
              </tr>
            ))}
            <tr className="total-row">
              <td colSpan={2} className="stack-title">
                {ta('adm.total')}
              </td>
              <td data-label={ta('col.amount')}>{inr(order.orderTotal)}</td>
            </tr>
          </tbody>
        </table>
      </ScrollBox>
      <dl className="admin-dl">
        <dt>{ta('adm.orderDate')}</dt>
        <dd>{formatDateTime(order.orderDate)}</dd>
        <dt>{ta('col.contributionId')}</dt>
        <dd>{order.orderRcptId}</dd>
        <dt>{ta('col.status')}</dt>
        <dd>
          {statusText(order.status, order.closedAs)}
          {order.refundState ? ` · ${statusText(order.refundState)} (${inr(order.refundedAmount ?? 0)})` : ''}
        </dd>
        <dt>{ta('adm.name')}</dt>
        <dd>{order.userName}</dd>
        <dt>{ta('col.email')}</dt>
        <dd>{order.userEmail}</dd>
        <dt>{ta('col.mobile')}</dt>
        <dd>{order.userMobile}</dd>
        {mode === 'success' || mode === 'plain' ? (
          <>
            <dt>{ta('col.paymentType')}</dt>
            <dd>{paymentTypeText(order.paymentType)}</dd>
            <dt>{ta('adm.paymentDate')}</dt>
            <dd>{formatDate(order.paymentDate)}</dd>
            <dt>{ta('col.transactionId')}</dt>
            <dd>{order.transactionId ?? ''}</dd>
          </>
        ) : null}
        {mode === 'pending' ? (
          <>
            {/* the transaction id sits with the amount and the statement's credit, next to Approve */}
            <dt>{ta('adm.bank')}</dt>
            <dd>{order.bankName ?? ''}</dd>
            <dt>{ta('adm.referral')}</dt>
            <dd>{order.referSource ?? ''}</dd>
            <dt>{ta('adm.referredBy')}</dt>
            <dd>{order.referredBy ?? ''}</dd>
            <dt>{ta('adm.address')}</dt>
            <dd>{[order.addr1, order.addr2].filter(Boolean).join(', ')}</dd>
            <dt>{ta('adm.city')}</dt>
            <dd>{order.city ?? ''}</dd>
          </>
        ) : null}
        {mode === 'collection' && order.passCollected === 1 ? (
          <>
            <dt>{ta('adm.pass')}</dt>
            <dd>{t('admin.alreadyCollected')}</dd>
          </>
        ) : null}
      </dl>
      {mode === 'pending' && order.status === ORDER_STATUS.pendingApproval ? (
        <TransferDecision order={order} credits={credits} onDone={(status) => onDone?.({ ...order, status })} />
      ) : null}
      <div className="dialog-actions">
        {mode === 'collection' && order.passCollected === 0 ? (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={markCollected}>
            {t('admin.markCollected')}
          </button>
        ) : null}
        {isAdmin && order.status === ORDER_STATUS.success ? (
          <>
            <a className="btn" href={receiptPath(order.orderRcptId)} target="_blank" rel="noopener">
              {ta('rcpt.open')}
            </a>
            <button type="button" className="btn" disabled={busy} onClick={resend}>
              {ta('rcpt.resend')}
            </button>
          </>
        ) : null}
        {canRefund ? (
          <button type="button" className="btn btn-danger" onClick={() => setRefunding(true)}>
            {t('refund.button')}
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('admin.close')}
        </button>
      </div>
    </Dialog>
  );
}
