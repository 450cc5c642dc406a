// /summary and /dpsummary (SPEC.md sections 2 and 4): the server's priced cart, the address card (contributions),
// online payment through Razorpay Checkout and direct bank/UPI transfer.
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CartDetails } from '../../../core/contracts/cart';
import { type BankDetailsView, REFER_SOURCES, type UserExtraInfo } from '../../../core/contracts/checkout';
import { t } from '../../../core/i18n';
import { formatINR, rupeesToPaise } from '../../../core/money';
import { convenienceCharge } from '../../../core/pricing';
import { paths } from '../../app/paths';
import { BankDetails, TxnForm } from '../../components/payment/BankTransfer';
import { Dialog } from '../../components/Dialog';
import { useToast } from '../../components/toast';
import association from '../../content/association.json';
import { updateUserInfo } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import {
  clearLocalCart,
  deleteCart,
  getCartDetails,
  getPaymentOptions,
  getUserExtraInfo,
  handleFailOrder,
  handleOfflineOrder,
  handleSuccessOrder,
  saveUserExtraInfo,
  startOfflineOrder,
  startOnlineOrder,
} from './api';
import { loadCheckoutScript, openCheckout } from './razorpay';
import './checkout.css';

type Kind = 'CONTRIBUTION' | 'DAILY_PASS';
type Offline = { orderRcptId: string; orderTotalInPaisa: number; bank: BankDetailsView };

const EMPTY_INFO: UserExtraInfo = {
  addrLine1: '',
  addrLine2: '',
  city: '',
  state: '',
  pin: '',
  additionalEmail: '',
  additionalMobile: '',
  referSource: '',
  referredBy: '',
};

export const SummaryPage = () => <CheckoutPage kind="CONTRIBUTION" />;
export const DpSummaryPage = () => <CheckoutPage kind="DAILY_PASS" />;

function CheckoutPage({ kind }: { kind: Kind }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { run, busy } = useAction();
  const [cart, setCart] = useState<CartDetails | null>(null);
  const [bp, setBp] = useState<number | null>(null);
  const [info, setInfo] = useState<UserExtraInfo>(EMPTY_INFO);
  const [offline, setOffline] = useState<Offline | null>(null);
  const [sharing, setSharing] = useState(false);
  const isPass = kind === 'DAILY_PASS';
  const selectPage = isPass ? paths.dmPass : paths.membership;

  useEffect(() => {
    if (isPass) toast.setPosition('bottom-center');
    return () => toast.setPosition('top-right');
  }, [isPass, toast]);

  useEffect(() => {
    void run(async () => {
      const [c, options, extra] = await Promise.all([
        getCartDetails(),
        getPaymentOptions(),
        isPass ? Promise.resolve(null) : getUserExtraInfo(),
      ]);
      // An empty server cart goes back to choosing (SPEC.md section 4); a cart of the other kind to its page.
      if (!c || c.selectedProducts.length === 0) return navigate(selectPage, { replace: true });
      if (c.kind && c.kind !== kind) {
        return navigate(c.kind === 'DAILY_PASS' ? paths.dpSummary : paths.summary, { replace: true });
      }
      setCart(c);
      setBp(options.convenienceChargeBasisPoints);
      if (extra) {
        setInfo(Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, v ?? ''])) as unknown as UserExtraInfo);
      }
    });
  }, [run, navigate, isPass, kind, selectPage]);

  const subtotal = cart ? rupeesToPaise(cart.totalSellPrice) : 0;
  const convenience = bp === null ? 0 : convenienceCharge(subtotal, bp);
  const onlineTotal = subtotal + convenience;

  const addressOk = () => {
    if (isPass) return true;
    const blank = (v: string | null) => !v || v.trim() === '';
    if (blank(info.addrLine1) || blank(info.city) || blank(info.state) || blank(info.pin)) {
      toast.error(t('address.mandatory'));
      return false;
    }
    return true;
  };

  const saveInfo = async () => {
    if (isPass) return;
    await saveUserExtraInfo({
      ...info,
      referredBy: info.referSource === 'Other' ? info.referredBy : '',
    });
  };

  const payOnline = () => {
    if (!addressOk()) return;
    void run(async () => {
      await saveInfo();
      const order = await startOnlineOrder();
      try {
        await loadCheckoutScript(order.checkoutScript);
      } catch {
        toast.error(t('network.error'));
        return;
      }
      const outcome = await openCheckout(order, association.name, `Contribution ${order.orderRcptId}`);
      if (outcome.kind === 'success') {
        try {
          await handleSuccessOrder({
            orderId: outcome.response.razorpay_order_id,
            razorpayPaymentId: outcome.response.razorpay_payment_id,
            razorpaySignature: outcome.response.razorpay_signature,
          });
        } catch (e) {
          // Paid, but the confirmation did not reach us: Razorpay's webhook and the reconciler settle it,
          // and the profile shows the order as it stands.
          await clearLocalCart();
          toast.error(e instanceof Error ? e.message : t('network.error'));
          navigate(paths.profile);
          return;
        }
        await clearLocalCart();
        updateUserInfo({ member: true });
        toast.success(t('order.received'));
        navigate(paths.profile);
      } else if (outcome.kind === 'dismissed') {
        // The closed Checkout cannot be paid any more: give the order up now (the server asks Razorpay
        // first), so that a held sponsorship is free again at once rather than after the expiry.
        await handleFailOrder(order.orderOrTokenId, null).catch(() => undefined);
        await clearLocalCart();
        if (isPass) {
          toast.error(t('payment.failed'));
          navigate(paths.dmPass);
        } else {
          toast.error(t('payment.dismissed'));
          navigate(-2);
        }
      } else {
        await handleFailOrder(order.orderOrTokenId, outcome.paymentId).catch(() => undefined);
        await clearLocalCart();
        toast.error(t('payment.failed'));
        if (isPass) navigate(paths.dmPass);
        else navigate(-3);
      }
    });
  };

  const payOffline = () => {
    if (!addressOk()) return;
    void run(async () => {
      await saveInfo();
      const order = await startOfflineOrder();
      await clearLocalCart();
      setOffline(order);
    });
  };

  const submitTxn = (txn: string, bankName: string) => {
    if (!offline) return;
    void run(async () => {
      await handleOfflineOrder(offline.orderRcptId, txn, bankName);
      await clearLocalCart();
      updateUserInfo({ member: true });
      toast.success(t('order.offlineCaptured'));
      navigate(paths.profile);
    });
  };

  /** Closing the transfer dialog: the order waits on the profile (Retry Payment); the cart is gone. */
  const closeOffline = useCallback(() => {
    setOffline(null);
    setSharing(false);
    void deleteCart()
      .catch(() => undefined)
      .then(() => navigate(paths.profile));
  }, [navigate]);

  const startOver = () =>
    void run(async () => {
      await deleteCart();
      await clearLocalCart();
      navigate(selectPage);
    });

  if (!cart) return <p className="loading">Loading…</p>;
  const field = (
    key: keyof UserExtraInfo,
    label: string,
    opts: { type?: string; inputMode?: 'numeric' | 'tel' } = {},
  ) => (
    <div className="field">
      <label htmlFor={`ck-${key}`}>{label}</label>
      <input
        id={`ck-${key}`}
        type={opts.type ?? 'text'}
        inputMode={opts.inputMode}
        value={info[key] ?? ''}
        onChange={(e) => setInfo((i) => ({ ...i, [key]: e.target.value }))}
      />
    </div>
  );

  return (
    <section className="page checkout">
      <h1>{isPass ? 'Daily Pass Summary' : 'Contribution Summary'}</h1>
      <div className="table-wrap">
        <table className="checkout-table">
          <thead>
            <tr>
              <th scope="col">Contibution Category</th>
              <th scope="col">Unit</th>
              <th scope="col">Contribution</th>
              <th scope="col">Benefit</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {cart.selectedProducts.map((l) => (
              <tr key={l.productId}>
                <td>
                  {l.name}
                  {l.fullSponsor === true ? ' (Full Sponsor)' : l.fullSponsor === false ? ' (Co-Sponsor)' : ''}
                </td>
                <td>{l.qty}</td>
                <td>{formatINR(rupeesToPaise(l.maxPrice))}</td>
                <td>{formatINR(rupeesToPaise(l.maxPrice) - rupeesToPaise(l.sellPrice))}</td>
                <td>{formatINR(rupeesToPaise(l.sellPrice))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                Total
              </th>
              <td data-testid="summary-total">{formatINR(subtotal)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      {!isPass && (
        <div className="card address-card">
          <h2>Address</h2>
          {field('addrLine1', '* Door no, Building/Society name')}
          {field('addrLine2', 'Road Name, Area, etc')}
          {field('city', '* City')}
          {field('state', '* State')}
          {field('pin', '* Pin', { inputMode: 'numeric' })}
          {field('additionalMobile', 'Additional Mobile No (Optional)', { type: 'tel', inputMode: 'tel' })}
          {field('additionalEmail', 'Additional Email ID (Optional)', { type: 'email' })}
          <div className="field">
            <label htmlFor="ck-referSource">* How did you come to know about us?</label>
            <select
              id="ck-referSource"
              value={info.referSource ?? ''}
              onChange={(e) => setInfo((i) => ({ ...i, referSource: e.target.value }))}
            >
              <option value="">Select</option>
              {REFER_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          {info.referSource === 'Other' && field('referredBy', '*Referred by')}
        </div>
      )}

      <div className="card pay-card">
        <dl className="pay-lines">
          <dt>Contribution</dt>
          <dd>{formatINR(subtotal)}</dd>
          <dt>Convenience charge (online only)</dt>
          <dd data-testid="convenience-charge">{formatINR(convenience)}</dd>
          <dt>Total online</dt>
          <dd>{formatINR(onlineTotal)}</dd>
        </dl>
        <div className="pay-actions">
          {!isPass && (
            <button type="button" className="btn" onClick={startOver} disabled={busy}>
              Start Over
            </button>
          )}
          <div className="pay-option">
            <button type="button" className="btn btn-primary" onClick={payOnline} disabled={busy || bp === null}>
              {isPass ? `Pay Now ₹${formatAmount(onlineTotal)}` : `Pay ₹${formatAmount(onlineTotal)} Online`}
            </button>
            <small>with convenience charges</small>
          </div>
          <div className="pay-option">
            <button type="button" className="btn btn-accent" onClick={payOffline} disabled={busy}>
              Direct Transfer ₹{formatAmount(subtotal)}
            </button>
            <small>no convenience charges</small>
          </div>
        </div>
      </div>

      {offline && !sharing && !isPass && (
        <Dialog className="pay-dialog" title="Direct Transfer" onClose={closeOffline}>
          <BankDetails bank={offline.bank} amountPaise={offline.orderTotalInPaisa} note={offline.orderRcptId} />
          <p>Please pay the exact amount with the contribution id as the note, then share the transaction details.</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" onClick={() => setSharing(true)}>
              Update Transaction Details
            </button>
          </div>
        </Dialog>
      )}
      {offline && sharing && !isPass && (
        <Dialog className="pay-dialog" title="Share transaction details" onClose={closeOffline}>
          <p>
            Contribution {offline.orderRcptId}: {formatINR(offline.orderTotalInPaisa)}
          </p>
          <TxnForm
            txnLabel="Bank / UPI Transaction ID *"
            submitLabel="Submit"
            busy={busy}
            onMissing={() => toast.error(t('txn.requiredCheckout'))}
            onSubmit={submitTxn}
          />
        </Dialog>
      )}
      {offline && isPass && (
        <Dialog className="pay-dialog" title="Pay and Share details" onClose={closeOffline}>
          <BankDetails bank={offline.bank} amountPaise={offline.orderTotalInPaisa} note={offline.orderRcptId} />
          <TxnForm
            txnLabel="Bank / UPI Transaction ID"
            submitLabel="Update Payment Details"
            busy={busy}
            onMissing={() => toast.error(t('txn.requiredCheckout'))}
            onSubmit={submitTxn}
          />
        </Dialog>
      )}
    </section>
  );
}

/** "₹3,070.80" without the symbol, for the button texts of SPEC.md ('Pay ₹{total} Online'). */
function formatAmount(paise: number) {
  return formatINR(paise).replace(/^₹/, '');
}
