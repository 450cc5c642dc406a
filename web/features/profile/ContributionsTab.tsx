// The profile's Contribution tab (SPEC.md sections 2 and 4): the member's orders with the actions per status,
// the 'Contribution Details' modal and "Share transfer details" for a direct transfer that still awaits its details.

import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { ProductsResponse, UProductsResponse } from '../../../core/contracts/catalogue';
import type { CallBody } from '../../lib/calls';
import type { BankDetailsView } from '../../../core/contracts/checkout';
import type { OrderView } from '../../../core/contracts/orders';
import { festivalYear, formatDate } from '../../../core/festival';
import { t } from '../../../core/i18n';
import { tm } from '../../../core/messages/member.en';
import '../../../core/messages/areas/checkout';
import '../../../core/messages/areas/profile';
import { formatINR, rupeesToPaise } from '../../../core/money';
import {
  type ClosedAs,
  contributionActions,
  ORDER_STATUS,
  type OrderStatus,
  REFUND_STATUS,
} from '../../../core/orders';
import { paths, receiptPath } from '../../lib/paths';
import type { TxnFailure } from '../../components/payment/BankTransfer';
import { PassQr } from '../../components/PassQr';
import { Dialog } from '../../components/Dialog';
import { OfflineCopyNote } from '../../components/OfflineCopyNote';
import { useToast } from '../../components/toast';
import { putBackInCart } from '../../lib/offline-read';
import { updateUserInfo } from '../../lib/session';
import { useAction, useLoad } from '../../lib/use-action';
import { getOrders, getPaymentOptions, getProducts, getUProducts, giveUpOrder } from './contributions-api';
import './profile.css';
import { statusText } from '../../lib/labels';

// The transfer's details (with the UPI QR code's library) load when a member opens "Share transfer details", with
// the bank's details, so that the dialog opens complete: most visits to the profile never do (docs/decisions/176).
type BankTransferUi = typeof import('../../components/payment/BankTransfer');
const bankTransfer = (): Promise<BankTransferUi> => import('../../components/payment/BankTransfer');

/** The lines a pass still gives: units refunded or being refunded left out. */
const passLinesOf = (o: Pick<OrderView, 'selectedProducts'>) =>
  o.selectedProducts
    .map((l) => ({ name: l.name, code: l.code, qty: l.qty - (l.withheldQty ?? l.refundedQty) }))
    .filter((l) => l.qty > 0);

/** "Refunded ₹1,500.00 on 3 Nov 2026" per refund: done ones with their date, started ones as in progress. */
function refundNotes(o: OrderView): string[] {
  return (o.refunds ?? []).map((r) =>
    t(
      r.method === 'carry_over'
        ? 'refund.memberCarried'
        : r.status === REFUND_STATUS.processed
          ? 'refund.memberRefunded'
          : 'refund.memberPending',
      { amount: formatINR(paise(r.amount)), date: formatDate(r.date), to: r.carriedTo ?? '' },
    ),
  );
}

const paise = (rupees: number) => rupeesToPaise(rupees);

const linesKey = (o: OrderView) =>
  `${o.kind}|${o.selectedProducts
    .map((l) => `${l.code}x${l.qty}`)
    .sort()
    .join(',')}`;

/**
 * An attempt that is over and owes nothing: a failed online order, or an online order still waiting for
 * payment that a later order of the same lines replaced. They are listed apart, folded away, so that the
 * list does not show money owed beside its paid twin (docs/decisions/101).
 */
export function splitAttempts(orders: readonly OrderView[]): { main: OrderView[]; attempts: OrderView[] } {
  const main: OrderView[] = [];
  const attempts: OrderView[] = [];
  orders.forEach((o, i) => {
    const replaced =
      o.paymentType === 'Online' &&
      o.status === ORDER_STATUS.pendingPayment &&
      orders.some(
        (n, j) =>
          j !== i && n.orderDate > o.orderDate && n.status !== ORDER_STATUS.failed && linesKey(n) === linesKey(o),
      );
    if ((o.status === ORDER_STATUS.failed && o.paymentType === 'Online') || replaced) attempts.push(o);
    else main.push(o);
  });
  return { main, attempts };
}

/**
 * The cart lines of an unpaid order, for "Resume payment": the order names its products by code, the cart by id (the
 * catalogue's; the extra contribution of a pass order by the passes' `extraContributionId`). A sponsorship's line says
 * whether it was the full sponsorship (its price at least the product's for its quantity). A product the catalogue no
 * longer lists is left out: the checkout then shows what is left.
 */
export function cartOfOrder(
  order: Pick<OrderView, 'kind' | 'selectedProducts'>,
  products: ProductsResponse,
  passes: UProductsResponse,
): CallBody<'addToCart'>['productQtys'] {
  const { MEMBERSHIP, SPONSORSHIP } = products.productsResponses;
  const byCode = new Map(
    [...MEMBERSHIP, ...SPONSORSHIP, ...passes.productsResponses.DAILY_PASS].map((p) => [p.code, p] as const),
  );
  const sponsorships = new Set(SPONSORSHIP.map((p) => p.code));
  const productQtys: CallBody<'addToCart'>['productQtys'] = {};
  for (const l of order.selectedProducts) {
    const p = byCode.get(l.code);
    const id = p?.id ?? (order.kind === 'DAILY_PASS' ? passes.extraContributionId : undefined);
    if (id === undefined) continue;
    productQtys[String(id)] = {
      qty: l.qty,
      price: l.sellPrice,
      code: l.code,
      ...(sponsorships.has(l.code) && p ? { fullSponsor: paise(l.sellPrice) >= paise(p.price) * l.qty } : {}),
    };
  }
  return productQtys;
}

export function ContributionsTab() {
  const { run, busy } = useAction();
  const toast = useToast();
  // the list, or the copy kept on this device when the network is unreachable (web/lib/offline-read.ts)
  const { data: read, setData: setOrders } = useLoad(getOrders, []);
  const orders = read?.data ?? null;
  const offlineCopyAt = read?.offline ? read.savedAt : null;
  const [details, setDetails] = useState<OrderView | null>(null);
  const [retry, setRetry] = useState<{ order: OrderView; bank: BankDetailsView; ui: BankTransferUi } | null>(null);
  const [pass, setPass] = useState<OrderView | null>(null);
  const [giveUp, setGiveUp] = useState<OrderView | null>(null);
  const navigate = useNavigate();
  const { hash, search } = useLocation();

  // a message's pass link (/profile?pass=SMT000042) opens that pass once the orders are in
  const linkedPass = new URLSearchParams(search).get('pass');
  useEffect(() => {
    const o = linkedPass ? orders?.find((x) => x.orderRcptId === linkedPass && x.passCode) : undefined;
    if (o) setPass(o);
  }, [orders, linkedPass]);

  const openRetry = (order: OrderView) =>
    void run(async () => {
      const [{ bank }, ui] = await Promise.all([getPaymentOptions(), bankTransfer()]);
      setRetry({ order, bank, ui });
    });

  /** Resume payment: the unpaid order's lines go back into the cart, and checkout opens with them. */
  const resume = (order: OrderView) =>
    void run(async () => {
      const [products, passes] = await Promise.all([getProducts(), getUProducts()]);
      await putBackInCart(cartOfOrder(order, products, passes));
      navigate(order.kind === 'DAILY_PASS' ? paths.dpSummary : paths.summary);
    });

  // /profile#SMT000042 (from an empty checkout): show that order, and open a waiting transfer's details
  const opened = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per list and anchor; openRetry only starts a call
  useEffect(() => {
    if (!orders || !hash || opened.current === hash) return;
    opened.current = hash;
    document.getElementById(`order-${hash.slice(1)}`)?.scrollIntoView({ block: 'center' });
    const o = orders.find((x) => `#${x.orderRcptId}` === hash);
    if (o && o.paymentType === 'Offline' && o.status === ORDER_STATUS.pendingPayment) openRetry(o);
  }, [orders, hash]);

  /** Cancel an unpaid order: whatever it holds (a sponsorship, the member price) is free again at once. */
  const confirmGiveUp = (order: OrderView) =>
    void run(async () => {
      const r = await giveUpOrder(order.orderRcptId);
      setGiveUp(null);
      toast.success(r.message);
      setOrders(await getOrders());
    });

  const submitRetry = async (txn: string, bankName: string): Promise<TxnFailure | undefined> => {
    if (!retry) return undefined;
    let failure: TxnFailure | undefined;
    await run(
      async () => {
        await retry.ui.handleOfflineOrder(retry.order.orderRcptId, txn, bankName);
        updateUserInfo({ member: true });
        setRetry(null);
        toast.success(t('order.offlineCaptured'));
        setOrders(await getOrders());
      },
      (e) => {
        failure = e;
      },
    );
    return failure;
  };

  if (!orders) return <p className="loading">{t('layout.loading')}</p>;
  if (orders.length === 0) {
    return (
      <>
        {offlineCopyAt !== null && <OfflineCopyNote savedAt={offlineCopyAt} />}
        <p className="empty">
          {tm('profile.emptyStart')} <Link to={paths.membership}>{tm('profile.emptyMember')}</Link>{' '}
          {tm('profile.emptyOr')} <Link to={paths.dmPass}>{tm('profile.emptyPasses')}</Link>.
        </p>
      </>
    );
  }
  return (
    <>
      {offlineCopyAt !== null && <OfflineCopyNote savedAt={offlineCopyAt} />}
      {(() => {
        const { main, attempts } = splitAttempts(orders);
        const table = (list: OrderView[], label: string) => (
          <div className="table-wrap">
            <table className="contributions stack-table" aria-label={label}>
              <thead>
                <tr>
                  <th scope="col">{tm('profile.colDate')}</th>
                  <th scope="col">{tm('profile.colId')}</th>
                  <th scope="col">{tm('profile.colYear')}</th>
                  <th scope="col">{tm('profile.colAmount')}</th>
                  <th scope="col">{tm('profile.colStatus')}</th>
                  <th scope="col">{tm('profile.colLink')}</th>
                </tr>
              </thead>
              <tbody>{list.map(row)}</tbody>
            </table>
          </div>
        );
        const row = (o: OrderView) => (
          <tr
            key={o.orderPkId}
            id={`order-${o.orderRcptId}`}
            data-testid={`order-${o.orderRcptId}`}
            className={hash === `#${o.orderRcptId}` ? 'row-target' : undefined}
          >
            <td data-label={tm('profile.labelDate')}>{formatDate(o.paymentDate ?? o.orderDate)}</td>
            <td className="stack-title">{o.orderRcptId}</td>
            <td data-label={tm('profile.labelYear')}>{o.fiscalYear}</td>
            <td data-label={tm('profile.colAmount')}>{formatINR(paise(o.orderTotal))}</td>
            <td data-label={tm('profile.colStatus')}>
              {o.refundState ? (
                <span className="refund-status">
                  <span className="refund-badges">
                    <span className={`badge ${badgeOf(o.status, o.closedAs)}`}>{statusText(o.status, o.closedAs)}</span>
                    <span className="badge badge-refund">{statusText(o.refundState)}</span>
                  </span>
                  {refundNotes(o).map((n) => (
                    <small key={n} className="refund-note-line">
                      {n}
                    </small>
                  ))}
                </span>
              ) : (
                <span className={`badge ${badgeOf(o.status, o.closedAs)}`}>{statusText(o.status, o.closedAs)}</span>
              )}
            </td>
            <td className="contribution-actions">
              {o.passCode && o.status === ORDER_STATUS.success && (
                <button type="button" className="btn btn-small btn-primary" onClick={() => setPass(o)}>
                  {t('profile.showPass')}
                </button>
              )}
              {o.paymentType === 'Online' && o.status === ORDER_STATUS.pendingPayment && !attempts.includes(o) && (
                <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={() => resume(o)}>
                  {t('checkout.resume')}
                </button>
              )}
              {o.status === ORDER_STATUS.pendingPayment && !attempts.includes(o) && (
                <button type="button" className="btn btn-small" disabled={busy} onClick={() => setGiveUp(o)}>
                  {t('profile.giveUp')}
                </button>
              )}
              {o.status === ORDER_STATUS.success && (
                <Link className="btn btn-small" to={receiptPath(o.orderRcptId)} data-testid="receipt-link">
                  {t('receiptPage.link')}
                </Link>
              )}
              {contributionActions(o.status, o.paymentType).map((a) =>
                a === 'details' ? (
                  <button key={a} type="button" className="btn btn-small" onClick={() => setDetails(o)}>
                    {tm('profile.details')}
                  </button>
                ) : a === 'retryPayment' ? (
                  <button
                    key={a}
                    type="button"
                    className="btn btn-small btn-primary"
                    disabled={busy}
                    onClick={() => openRetry(o)}
                  >
                    {tm('profile.retry')}
                  </button>
                ) : o.status === ORDER_STATUS.pendingPayment ? null : (
                  <Link
                    key={a}
                    className="btn btn-small"
                    to={o.kind === 'DAILY_PASS' ? paths.dmPass : paths.membership}
                  >
                    {tm('profile.startAgain')}
                  </Link>
                ),
              )}
            </td>
          </tr>
        );
        // this festival year's passes still to collect, first and one tap away (docs/decisions/101)
        const year = festivalYear();
        const toCollect = main.filter(
          (o) => o.passCode && o.status === ORDER_STATUS.success && o.passCollected !== 1 && o.fiscalYear === year,
        );
        return (
          <>
            {toCollect.map((o) => (
              <div key={o.orderPkId} className="card pass-card" data-testid="pass-card">
                <div>
                  <strong>{t('profile.passCardTitle', { year: o.fiscalYear })}</strong>
                  <p className="hint">
                    {o.orderRcptId} ·{' '}
                    {passLinesOf(o)
                      .map((l) => `${l.name} × ${l.qty}`)
                      .join(', ')}
                  </p>
                </div>
                <button type="button" className="btn btn-primary" onClick={() => setPass(o)}>
                  {t('profile.showPass')}
                </button>
              </div>
            ))}
            {main.length > 0 ? (
              table(main, t('profile.contributions'))
            ) : (
              <p className="empty">{t('profile.noneOpen')}</p>
            )}
            {attempts.length > 0 && (
              <details className="attempts">
                <summary>{t('profile.attempts', { count: attempts.length })}</summary>
                <p className="hint">{t('profile.attemptsHint')}</p>
                {table(attempts, t('profile.attemptsLabel'))}
              </details>
            )}
          </>
        );
      })()}

      {pass?.passCode && (
        <Dialog className="pay-dialog pass-dialog" title={t('pass.qrTitle')} onClose={() => setPass(null)}>
          <PassQr passCode={pass.passCode} orderRcptId={pass.orderRcptId} size={300} lines={passLinesOf(pass)} />
          {pass.passCollected === 1 && <p className="center">{t('profile.passCollected')}</p>}
        </Dialog>
      )}
      {details && <DetailsModal order={details} onClose={() => setDetails(null)} />}
      {giveUp && (
        <Dialog className="pay-dialog" title={t('profile.giveUpTitle')} onClose={() => setGiveUp(null)}>
          <p>{t('profile.giveUpConfirm', { rcpt: giveUp.orderRcptId })}</p>
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={() => setGiveUp(null)}>
              {t('profile.giveUpNo')}
            </button>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => confirmGiveUp(giveUp)}>
              {t('profile.giveUpYes')}
            </button>
          </div>
        </Dialog>
      )}
      {retry && (
        <Dialog className="pay-dialog" title={tm('profile.payShare')} onClose={() => setRetry(null)}>
          <retry.ui.BankDetails
            bank={retry.bank}
            amountPaise={paise(retry.order.orderTotal)}
            note={retry.order.orderRcptId}
          />
          <p className="hint">{tm('ck.transferHint')}</p>
          <retry.ui.TxnForm busy={busy} onSubmit={submitRetry} />
        </Dialog>
      )}
    </>
  );
}

function badgeOf(status: OrderStatus, closedAs: ClosedAs | null) {
  if (status === ORDER_STATUS.success) return 'badge-success';
  // given up or not paid in time: nothing went wrong, nothing is owed
  if (status === ORDER_STATUS.failed && (closedAs === 'cancelled' || closedAs === 'expired')) return 'badge-muted';
  if (status === ORDER_STATUS.failed || status === ORDER_STATUS.rejected) return 'badge-error';
  return 'badge-warn';
}

function DetailsModal({ order, onClose }: { order: OrderView; onClose: () => void }) {
  return (
    <Dialog className="pay-dialog" title={tm('profile.detailsTitle')} onClose={onClose}>
      <div className="table-wrap">
        <table className="details-table stack-table">
          <thead>
            <tr>
              <th scope="col">{tm('profile.planName')}</th>
              <th scope="col">{tm('profile.quantity')}</th>
              <th scope="col">{tm('profile.contribution')}</th>
            </tr>
          </thead>
          <tbody>
            {order.selectedProducts.map((l) => (
              <tr key={l.code}>
                <td className="stack-title">
                  {l.waivedQty ? `${l.name} (${tm('profile.waived', { count: l.waivedQty })})` : l.name}
                </td>
                <td data-label={tm('profile.quantity')}>{l.qty}</td>
                <td data-label={tm('profile.contribution')}>{formatINR(paise(l.sellPrice))}</td>
              </tr>
            ))}
            {order.convenienceCharge > 0 && (
              <tr>
                <td className="stack-title">{tm('profile.convenience')}</td>
                <td />
                <td data-label={tm('profile.colAmount')}>{formatINR(paise(order.convenienceCharge))}</td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr className="stack-total">
              <th scope="row" colSpan={2}>
                {tm('profile.total')}
              </th>
              <td>{formatINR(paise(order.orderTotal))}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <dl className="contribution-meta">
        <dt>{tm('profile.contributionId')}</dt>
        <dd>{order.orderRcptId}</dd>
        <dt>{tm('profile.contributionStatus')}</dt>
        <dd>
          {statusText(order.status, order.closedAs)}
          {order.refundState ? ` · ${statusText(order.refundState)}` : ''}
        </dd>
        {refundNotes(order).length > 0 && (
          <>
            <dt>{t('refund.history')}</dt>
            <dd>{refundNotes(order).join('; ')}</dd>
          </>
        )}
        {order.transactionId && (
          <>
            <dt>{tm('profile.txnId')}</dt>
            <dd>{order.transactionId}</dd>
          </>
        )}
        {order.passCode && (
          <>
            <dt>{tm('profile.passCode')}</dt>
            <dd>
              <strong>{order.passCode}</strong>
              {order.passCollected === 1 ? tm('profile.passCollectedNote') : tm('profile.passToCollectNote')}
            </dd>
          </>
        )}
      </dl>
      {order.passCode && order.status === ORDER_STATUS.success && (
        <PassQr passCode={order.passCode} orderRcptId={order.orderRcptId} lines={passLinesOf(order)} />
      )}
    </Dialog>
  );
}
