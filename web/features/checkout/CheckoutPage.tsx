// /summary and /dpsummary (SPEC.md sections 2 and 4): the server's priced cart, the address card (contributions),
// online payment through Razorpay Checkout and direct bank/UPI transfer.

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CartDetails } from '../../../core/contracts/cart';
import { type BankDetailsView, REFER_SOURCES, type UserExtraInfo } from '../../../core/contracts/checkout';
import { gstinProblem, isValidPan } from '../../../core/billing';
import { formatDateTime } from '../../../core/festival';
import { t } from '../../../core/i18n';
import { tm } from '../../../core/messages/member.en';
import '../../../core/messages/areas/checkout';
import { formatINR, rupeesToPaise } from '../../../core/money';
import { convenienceCharge } from '../../../core/pricing';
import { paths } from '../../lib/paths';
import { BankDetails, handleOfflineOrder, type TxnFailure, TxnForm } from '../../components/payment/BankTransfer';
import { Dialog } from '../../components/Dialog';
import { ToastSlot } from '../../components/toast-slot';
import { useToast } from '../../components/toast';
import association from '../../content/association.json';
import { ApiError } from '../../lib/api-client';
import { productName } from '../../lib/content';
import { putBackInCart, readSavedCopy, readWithOfflineCopy } from '../../lib/offline-read';
import { isOnline, onBackOnline, probe, useOnline } from '../../lib/online';
import { updateUserInfo } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import {
  clearLocalCart,
  deleteCart,
  getOrders,
  getUserExtraInfo,
  handleFailOrder,
  handleSuccessOrder,
  saveUserExtraInfo,
  startOfflineOrder,
  startOnlineOrder,
} from './api';
import { loadCheckoutScript, openCheckout } from './razorpay';
import './checkout.css';
import { ORDER_STATUS } from '../../../core/orders';

type Kind = 'CONTRIBUTION' | 'DAILY_PASS';
type Offline = { orderRcptId: string; orderTotalInPaisa: number; bank: BankDetailsView };
/** What happened to the last online attempt, shown in place above the pay buttons (docs/decisions/100). */
type Notice = { kind: 'dismissed' | 'failed' | 'network'; lost?: string };
/** The confirmation screen after paying online or sharing a transfer's details. */
type Done = {
  online: boolean;
  orderRcptId: string;
  totalPaise: number;
  message: string;
  hasPass: boolean;
  /** in place of the paid or shared title (an order with nothing to pay) */
  title?: string;
};
/** The buyer's latest unfinished order, offered on an empty /summary instead of bouncing away. */
type Unfinished = { orderRcptId: string; paymentType: 'Online' | 'Offline'; kind: Kind; orderTotal: number };

const ADDRESS_REQUIRED = ['addrLine1', 'city', 'state', 'pin'] as const;

/** How long the page waits for the server before it shows the cart saved on this device instead. */
const QUICK_COPY_MS = 3_000;

/** A read that did not get through answers nothing, rather than failing the page. */
const networkNull = (e: unknown) => {
  if (e instanceof ApiError && e.code === 'Network') return null;
  throw e;
};

/** The address form: every field text ('' when empty), as /saveUserExtraInfo takes it. */
type InfoForm = Record<keyof UserExtraInfo, string>;

const EMPTY_INFO: InfoForm = {
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
  const [info, setInfo] = useState<InfoForm>(EMPTY_INFO);
  const [offline, setOffline] = useState<Offline | null>(null);
  const [confirmStartOver, setConfirmStartOver] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [empty, setEmpty] = useState<{ unfinished: Unfinished | null } | null>(null);
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const [billing, setBilling] = useState({ billingName: '', pan: '', gstin: '' });
  const [billingError, setBillingError] = useState<{ field: string; text: string } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // the notice takes the focus as it is drawn (not a frame later, when the reader may be typing elsewhere: decision 273)
  useLayoutEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const isPass = kind === 'DAILY_PASS';
  const selectPage = isPass ? paths.dmPass : paths.membership;

  useEffect(() => {
    if (isPass) toast.setPosition('bottom-center');
    return () => toast.setPosition('top-right');
  }, [isPass, toast]);

  // With no connection (docs/decisions/151) the page shows the cart as last seen on this device, says that the
  // selection is kept and that payment waits for the network, and loads afresh as soon as requests get through
  // again; it never waits on "Loading…" longer than a moment, even on a link where requests hang.
  const online = useOnline();
  const [copyAt, setCopyAt] = useState<number | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const [reloads, setReloads] = useState(0);
  const infoLoaded = useRef(false);
  useEffect(() => onBackOnline(() => setReloads((n) => n + 1)), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` asks for a fresh load (back online, Try again)
  useEffect(() => {
    let live = true;
    let fresh = false;
    /** An empty server cart says so and offers the way on (docs/decisions/100) instead of bouncing silently
     * (SPEC.md section 4); a cart of the other kind goes to its own page. */
    const show = async (c: CartDetails | null, savedAt: number | null) => {
      if (!live || (savedAt !== null && fresh)) return;
      setCopyAt(savedAt);
      if (!c || c.selectedProducts.length === 0) {
        const orders = await getOrders().catch(() => []);
        const open = orders.find((o) => o.status === ORDER_STATUS.pendingPayment);
        if (live) setEmpty({ unfinished: open ?? null });
        return;
      }
      if (c.kind && c.kind !== kind) {
        navigate(c.kind === 'DAILY_PASS' ? paths.dpSummary : paths.summary, { replace: true });
        return;
      }
      setEmpty(null);
      setCart(c);
    };
    // when nothing has answered in a moment (or the store already knows nothing gets through), the saved copy
    const early = setTimeout(
      () =>
        void Promise.all([readSavedCopy('getCartDetails'), readSavedCopy('getPaymentOptions')]).then(
          ([saved, options]) => {
            if (live && !fresh && options) setBp((v) => v ?? options.data.convenienceChargeBasisPoints);
            if (saved) void show(saved.data, saved.savedAt);
            else if (live && !fresh && !isOnline()) setUnreachable(true);
          },
        ),
      isOnline() ? QUICK_COPY_MS : 0,
    );
    void (async () => {
      try {
        const [c, options, extra] = await Promise.all([
          readWithOfflineCopy('getCartDetails'),
          readWithOfflineCopy('getPaymentOptions').catch(() => null),
          isPass || infoLoaded.current ? Promise.resolve(null) : getUserExtraInfo().catch(networkNull),
        ]);
        if (!live) return;
        if (!c.offline) fresh = true;
        setUnreachable(false);
        await show(c.data, c.offline ? c.savedAt : null);
        if (options) setBp(options.data.convenienceChargeBasisPoints);
        if (extra) {
          infoLoaded.current = true;
          setInfo(Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, v ?? ''])) as InfoForm);
        }
      } catch (e) {
        if (!live) return;
        if (e instanceof ApiError && e.code === 'Network') setUnreachable(true);
        else toast.error(e instanceof Error ? e.message : String(e));
      } finally {
        clearTimeout(early);
      }
    })();
    return () => {
      live = false;
      clearTimeout(early);
    };
  }, [navigate, isPass, kind, toast, reloads]);

  /** Nothing may be paid from a saved copy or while nothing gets through: the server prices the cart first. */
  const waiting = !online || copyAt !== null;

  const subtotal = cart ? rupeesToPaise(cart.totalSellPrice) : 0;
  const convenience = bp === null ? 0 : convenienceCharge(subtotal, bp);
  const onlineTotal = subtotal + convenience;

  /** the optional billing details, checked as the server checks them; the problem said at its field. */
  const billingOk = () => {
    const pan = billing.pan.trim();
    const gstin = billing.gstin.trim();
    const problem =
      pan && !isValidPan(pan)
        ? { field: 'pan', text: t('billing.panInvalid') }
        : gstin && gstinProblem(gstin)
          ? {
              field: 'gstin',
              text: t(gstinProblem(gstin) === 'shape' ? 'billing.gstinInvalid' : 'billing.gstinCheck'),
            }
          : null;
    setBillingError(problem);
    if (problem) {
      const box = document.getElementById('ck-billing') as HTMLDetailsElement | null;
      if (box) box.open = true;
      document.getElementById(`ck-${problem.field}`)?.focus();
    }
    return !problem;
  };
  const billingBody = () => ({
    billingName: billing.billingName.trim() || null,
    pan: billing.pan.trim() || null,
    gstin: billing.gstin.trim() || null,
  });

  /** Marks the empty mandatory fields in place and focuses the first one (no toast to chase). */
  const addressOk = () => {
    if (isPass) return true;
    const blank = (v: string | null) => !v || v.trim() === '';
    const empties: (keyof UserExtraInfo)[] = ADDRESS_REQUIRED.filter((k) => blank(info[k]));
    if (info.referSource === 'Other' && blank(info.referredBy)) empties.push('referredBy');
    setMissing(new Set(empties));
    if (empties.length > 0) {
      document.getElementById(`ck-${empties[0]}`)?.focus();
      return false;
    }
    return true;
  };

  /**
   * After a failed or dismissed attempt the order is given up and the server cart, which the order used,
   * is put back from the lines still on screen, so that the buyer stays here with everything chosen.
   */
  const keepBuyerHere = async (kind: Notice['kind'], providerOrderId: string, paymentId: string | null) => {
    const r = await handleFailOrder(providerOrderId, paymentId).catch(() => null);
    if (r?.status === ORDER_STATUS.success) {
      // Razorpay reports it paid after all (a late capture): that is a success.
      await clearLocalCart();
      updateUserInfo({ member: true });
      setDone({
        online: true,
        orderRcptId: r.orderRcptId,
        totalPaise: onlineTotal,
        message: t('checkout.doneBody'),
        hasPass: isPass,
      });
      return;
    }
    let lost: string | undefined;
    if (cart) {
      const productQtys = Object.fromEntries(
        cart.selectedProducts.map((l) => [
          String(l.productId),
          {
            qty: l.qty,
            price: l.sellPrice,
            code: l.code,
            ...(l.fullSponsor === null ? {} : { fullSponsor: l.fullSponsor }),
          },
        ]),
      );
      try {
        setCart(await putBackInCart(productQtys));
      } catch (e) {
        lost = e instanceof Error ? e.message : t('network.error');
      }
    }
    setNotice({ kind, lost });
  };

  const saveInfo = async () => {
    if (isPass) return;
    await saveUserExtraInfo({
      ...info,
      referredBy: info.referSource === 'Other' ? info.referredBy : '',
    });
  };

  const payOnline = () => {
    if (!addressOk() || !billingOk()) return;
    setNotice(null);
    void run(async () => {
      await saveInfo();
      const order = await startOnlineOrder(billingBody());
      try {
        await loadCheckoutScript(order.checkoutScript);
      } catch {
        await keepBuyerHere('network', order.orderOrTokenId, null);
        return;
      }
      const outcome = await openCheckout(order, association.name, `Contribution ${order.orderRcptId}`);
      if (outcome.kind === 'success') {
        // the server answers SPEC.md's 'order.received' text; this screen says it in its own words
        let message = t('checkout.doneBody');
        let hasPass = isPass;
        try {
          const r = await handleSuccessOrder({
            orderId: outcome.response.razorpay_order_id,
            razorpayPaymentId: outcome.response.razorpay_payment_id,
            razorpaySignature: outcome.response.razorpay_signature,
          });
          hasPass = !!r.order?.passCode;
        } catch {
          // Paid, but the confirmation did not reach us: Razorpay's webhook and the reconciler settle it.
          message = t('checkout.confirming');
        }
        await clearLocalCart();
        updateUserInfo({ member: true });
        setDone({
          online: true,
          orderRcptId: order.orderRcptId,
          totalPaise: order.orderTotalInPaisa,
          message,
          hasPass,
        });
        window.scrollTo(0, 0);
      } else {
        // The closed Checkout cannot be paid any more: give the order up now (the server asks Razorpay
        // first), so that a held sponsorship is free again at once rather than after the expiry.
        await keepBuyerHere(
          outcome.kind === 'dismissed' ? 'dismissed' : 'failed',
          order.orderOrTokenId,
          outcome.kind === 'failure' ? outcome.paymentId : null,
        );
      }
    });
  };

  const payOffline = () => {
    if (!addressOk() || !billingOk()) return;
    setNotice(null);
    void run(async () => {
      await saveInfo();
      const order = await startOfflineOrder(billingBody());
      await clearLocalCart();
      if (order.status === ORDER_STATUS.success) {
        // every fee waived: the order is confirmed at once, nothing to pay (docs/decisions/255)
        updateUserInfo({ member: true });
        setDone({
          online: true, // confirmed, as a paid order is
          orderRcptId: order.orderRcptId,
          totalPaise: 0,
          message: tm('ck.waivedDone'),
          hasPass: false,
          title: tm('ck.waivedTitle'),
        });
        window.scrollTo(0, 0);
        return;
      }
      setOffline(order);
    });
  };
  /** Nothing to pay: every fee in the cart is waived. */
  const free = !!cart?.waiver && subtotal === 0;

  const submitTxn = async (txn: string, bankName: string): Promise<TxnFailure | undefined> => {
    if (!offline) return undefined;
    let failure: TxnFailure | undefined;
    await run(
      async () => {
        await handleOfflineOrder(offline.orderRcptId, txn, bankName);
        await clearLocalCart();
        updateUserInfo({ member: true });
        setDone({
          online: false,
          orderRcptId: offline.orderRcptId,
          totalPaise: offline.orderTotalInPaisa,
          message: t('checkout.sharedBody'),
          hasPass: false,
        });
        setOffline(null);
        window.scrollTo(0, 0);
      },
      (e) => {
        failure = e;
      },
    );
    return failure;
  };

  /** Closing the transfer dialog: the order waits on the profile (Share transfer details); the cart is gone. */
  const closeOffline = useCallback(() => {
    setOffline(null);
    void deleteCart()
      .catch(() => undefined)
      .then(() => navigate(paths.profile));
  }, [navigate]);

  /** Start Over empties the cart only once the buyer has said yes (docs/decisions/162). */
  const startOver = () =>
    void run(async () => {
      await deleteCart();
      await clearLocalCart();
      setConfirmStartOver(false);
      navigate(selectPage);
    });
  const closeStartOver = useCallback(() => setConfirmStartOver(false), []);

  /** "Try again now": loads afresh, and tells the connectivity store to ask too. */
  const retry = () => {
    probe();
    setReloads((n) => n + 1);
  };

  if (done) return <Confirmation done={done} />;
  if (empty) return <EmptyCart isPass={isPass} unfinished={empty.unfinished} selectPage={selectPage} />;
  if (!cart) {
    if (!unreachable) return <p className="loading">{t('layout.loading')}</p>;
    return (
      <section className="page checkout">
        <h1>{isPass ? tm('ck.titlePass') : tm('ck.title')}</h1>
        <div className="card narrow">
          <h2>{t('checkout.offlineTitle')}</h2>
          <p role="status" data-offline-note>
            {t('checkout.offlineKept')}
          </p>
          <div className="done-actions">
            <Link className="btn btn-primary" to={selectPage}>
              {t('checkout.offlineSee')}
            </Link>
            <button type="button" className="btn" onClick={retry}>
              {t('checkout.offlineRetry')}
            </button>
          </div>
        </div>
      </section>
    );
  }
  const field = (
    key: keyof UserExtraInfo,
    label: string,
    opts: { type?: string; inputMode?: 'numeric' | 'tel' } = {},
  ) => (
    <div className={missing.has(key) ? 'field field-invalid' : 'field'}>
      <label htmlFor={`ck-${key}`}>{label}</label>
      <input
        id={`ck-${key}`}
        type={opts.type ?? 'text'}
        inputMode={opts.inputMode}
        value={info[key] ?? ''}
        aria-invalid={missing.has(key) || undefined}
        aria-describedby={missing.has(key) ? `ck-${key}-err` : undefined}
        onChange={(e) => {
          const v = e.target.value;
          setInfo((i) => ({ ...i, [key]: v }));
          if (missing.has(key) && v.trim() !== '') setMissing((m) => new Set([...m].filter((k) => k !== key)));
        }}
      />
      {missing.has(key) && (
        <small className="field-error" id={`ck-${key}-err`}>
          {t('checkout.required')}
        </small>
      )}
    </div>
  );

  return (
    <section className="page checkout">
      <h1>{isPass ? tm('ck.titlePass') : tm('ck.title')}</h1>
      {cart.priceChanges?.length ? (
        // an admin changed a price since these lines went into the cart; the table is at the new price
        <div className="notice" role="status" data-price-changes>
          {cart.priceChanges.map((c) => (
            <p key={c.productId}>
              {tm('ck.priceChanged', {
                name: productName(c),
                from: formatINR(rupeesToPaise(c.oldPrice)),
                to: formatINR(rupeesToPaise(c.newPrice)),
              })}
            </p>
          ))}
        </div>
      ) : null}
      {waiting && (
        <div className="notice checkout-offline" role="status" data-offline-note>
          <p>
            {online ? t('checkout.offlineWaiting') : t('checkout.offlineKept')}
            {copyAt !== null && ` ${t('checkout.offlineSaved', { when: formatDateTime(copyAt) })}`}
          </p>
          <button type="button" className="btn btn-small" onClick={retry}>
            {t('checkout.offlineRetry')}
          </button>
        </div>
      )}
      <div className="table-wrap">
        <table className="checkout-table stack-table">
          <thead>
            <tr>
              <th scope="col">{tm('ck.colCategory')}</th>
              <th scope="col">{tm('ck.colUnit')}</th>
              <th scope="col">{tm('ck.colContribution')}</th>
              <th scope="col">{tm('ck.colBenefit')}</th>
              <th scope="col">{tm('ck.colAmount')}</th>
            </tr>
          </thead>
          <tbody>
            {cart.selectedProducts.map((l) => (
              <tr key={l.productId}>
                <td className="stack-title">
                  {l.name}
                  {l.fullSponsor === true ? tm('ck.fullSponsor') : l.fullSponsor === false ? tm('ck.coSponsor') : ''}
                </td>
                <td data-label={tm('ck.colUnit')}>{l.qty}</td>
                <td data-label={tm('ck.colContribution')}>{formatINR(rupeesToPaise(l.maxPrice))}</td>
                <td data-label={tm('ck.colBenefit')}>
                  {formatINR(rupeesToPaise(l.maxPrice) - rupeesToPaise(l.sellPrice))}
                </td>
                <td data-label={tm('ck.colAmount')}>{formatINR(rupeesToPaise(l.sellPrice))}</td>
              </tr>
            ))}
            {cart.waiver && (
              // why the memberships cost less or nothing (docs/decisions/255)
              <tr className="waiver-line" data-testid="waiver-line">
                <td colSpan={5}>
                  <p className="waiver-why">
                    <strong>{tm('ck.waiverTitle', { count: cart.waiver.waivedQty })}</strong>{' '}
                    {tm('ck.waiverWhy', {
                      amount: formatINR(rupeesToPaise(cart.waiver.waivedAmount)),
                      total: formatINR(rupeesToPaise(cart.waiver.sponsorshipTotal)),
                      threshold: formatINR(rupeesToPaise(cart.waiver.threshold)),
                      members: cart.waiver.members,
                    })}
                    {cart.waiver.usedBefore > 0 && ` ${tm('ck.waiverEarlier', { count: cart.waiver.usedBefore })}`}
                  </p>
                </td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr className="stack-total">
              <th scope="row" colSpan={4}>
                {tm('ck.total')}
              </th>
              <td data-testid="summary-total">{formatINR(subtotal)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {!isPass && (
        // away from the pay buttons, beside what it empties, and it asks first
        <div className="checkout-edit">
          <button
            type="button"
            className="btn btn-small btn-ghost"
            onClick={() => setConfirmStartOver(true)}
            disabled={busy || waiting}
          >
            {tm('ck.startOver')}
          </button>
        </div>
      )}

      {!isPass && (
        <div className="card address-card">
          <h2>{tm('ck.address')}</h2>
          {missing.size > 0 && (
            <p className="notice notice-error" role="alert">
              {t('address.mandatory')}
            </p>
          )}
          {field('addrLine1', tm('ck.addr1'))}
          {field('addrLine2', tm('ck.addr2'))}
          {field('city', tm('ck.city'))}
          {field('state', tm('ck.state'))}
          {field('pin', tm('ck.pin'), { inputMode: 'numeric' })}
          {field('additionalMobile', tm('ck.mobile2'), { type: 'tel', inputMode: 'tel' })}
          {field('additionalEmail', tm('ck.email2'), { type: 'email' })}
          <div className="field">
            <label htmlFor="ck-referSource">{tm('ck.refer')}</label>
            <select
              id="ck-referSource"
              value={info.referSource ?? ''}
              onChange={(e) => setInfo((i) => ({ ...i, referSource: e.target.value }))}
            >
              <option value="">{tm('ck.select')}</option>
              {REFER_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {s === 'Other' ? tm('ck.referOther') : s}
                </option>
              ))}
            </select>
          </div>
          {info.referSource === 'Other' && field('referredBy', tm('ck.referredBy'))}
        </div>
      )}
      {!isPass && (
        <details className="card billing-card" id="ck-billing">
          <summary>{t('checkout.billingTitle')}</summary>
          <p className="hint">{t('checkout.billingHint')}</p>
          {(
            [
              ['billingName', t('checkout.billingName'), 120],
              ['pan', t('checkout.billingPan'), 12],
              ['gstin', t('checkout.billingGstin'), 20],
            ] as const
          ).map(([key, label, max]) => {
            const error = billingError?.field === key ? billingError.text : null;
            return (
              <div key={key} className={error ? 'field field-invalid' : 'field'}>
                <label htmlFor={`ck-${key}`}>{label}</label>
                <input
                  id={`ck-${key}`}
                  name={key}
                  maxLength={max}
                  autoCapitalize={key === 'billingName' ? undefined : 'characters'}
                  value={billing[key]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `ck-${key}-err` : undefined}
                  onChange={(e) => {
                    const v = e.target.value;
                    setBilling((b) => ({ ...b, [key]: v }));
                    if (error) setBillingError(null);
                  }}
                />
                {error && (
                  <small className="field-error" id={`ck-${key}-err`} role="alert">
                    {error}
                  </small>
                )}
              </div>
            );
          })}
        </details>
      )}

      <div className="card pay-card">
        {notice && (
          <div className="notice notice-error pay-notice" role="alert" tabIndex={-1} ref={noticeRef}>
            <p>
              <strong>
                {notice.kind === 'dismissed'
                  ? t('checkout.dismissed')
                  : notice.kind === 'network'
                    ? t('network.error')
                    : t('checkout.failed')}
              </strong>{' '}
              {notice.lost ? notice.lost : t('checkout.cartKept')}
            </p>
            {notice.lost ? (
              <Link className="btn btn-small" to={selectPage}>
                {t('checkout.chooseAgain')}
              </Link>
            ) : (
              <div className="pay-notice-actions">
                <button
                  type="button"
                  className="btn btn-small btn-primary"
                  onClick={payOnline}
                  disabled={busy || waiting}
                >
                  {t('checkout.tryAgain')}
                </button>
                <button type="button" className="btn btn-small" onClick={payOffline} disabled={busy || waiting}>
                  {t('checkout.payByTransfer')}
                </button>
              </div>
            )}
          </div>
        )}
        {free ? (
          <div className="pay-actions">
            <div className="pay-option">
              <button type="button" className="btn btn-primary" onClick={payOffline} disabled={busy || waiting}>
                {tm('ck.confirmFree')}
              </button>
              <small>{tm('ck.nothingToPay')}</small>
            </div>
          </div>
        ) : (
          <>
            <dl className="pay-lines">
              <dt>{tm('ck.lineContribution')}</dt>
              <dd>{formatINR(subtotal)}</dd>
              <dt>{tm('ck.lineConvenience')}</dt>
              <dd data-testid="convenience-charge">{formatINR(convenience)}</dd>
              <dt>{tm('ck.lineTotal')}</dt>
              <dd>{formatINR(onlineTotal)}</dd>
            </dl>
            {/* what the pay buttons answer (a refusal, a network error) appears here, not over them */}
            <ToastSlot />
            <div className="pay-actions">
              <div className="pay-option">
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={payOnline}
                  disabled={busy || bp === null || waiting}
                >
                  {tm(isPass ? 'ck.payNow' : 'ck.payOnline', { amount: formatAmount(onlineTotal) })}
                </button>
                <small>{tm('ck.withCharges')}</small>
              </div>
              <div className="pay-option">
                <button type="button" className="btn btn-accent" onClick={payOffline} disabled={busy || waiting}>
                  {tm('ck.directTransfer', { amount: formatAmount(subtotal) })}
                </button>
                <small>{tm('ck.noCharges')}</small>
              </div>
            </div>
          </>
        )}
      </div>

      {offline && (
        // one transfer dialog, the same in checkout and on the profile: bank details, then the transaction details
        <Dialog className="pay-dialog" title={tm('profile.payShare')} onClose={closeOffline}>
          <BankDetails bank={offline.bank} amountPaise={offline.orderTotalInPaisa} note={offline.orderRcptId} />
          <p className="hint">{tm('ck.transferHint')}</p>
          <TxnForm busy={busy} onSubmit={submitTxn} />
        </Dialog>
      )}
      {confirmStartOver && (
        <Dialog title={tm('ck.startOverTitle')} onClose={closeStartOver}>
          <p>
            {tm('ck.startOverBody', {
              count: cart.selectedProducts.length,
              amount: formatINR(subtotal),
            })}
          </p>
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={closeStartOver}>
              {tm('ck.startOverNo')}
            </button>
            <button type="button" className="btn btn-primary" onClick={startOver} disabled={busy}>
              {tm('ck.startOverYes')}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

/** After paying online or sharing a transfer: a screen of its own that says what happens next. */
function Confirmation({ done }: { done: Done }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="page checkout-done">
      <div className="card narrow done-card">
        <div className="done-mark" aria-hidden="true">
          {done.online ? '✓' : '⏳'}
        </div>
        <h1 tabIndex={-1} ref={heading}>
          {done.title ?? (done.online ? t('checkout.doneTitle') : t('checkout.sharedTitle'))}
        </h1>
        <p data-testid="done-message">{done.message}</p>
        <dl className="done-lines">
          <dt>{t('checkout.contributionId')}</dt>
          <dd>{done.orderRcptId}</dd>
          <dt>{t('checkout.amount')}</dt>
          <dd>{formatINR(done.totalPaise)}</dd>
        </dl>
        {done.online && done.hasPass && <p>{t('checkout.passHint')}</p>}
        <div className="done-actions">
          <Link className="btn btn-primary" to={paths.profile}>
            {done.online && done.hasPass ? t('checkout.showPass') : t('checkout.myContributions')}
          </Link>
          <Link className="btn" to={paths.home}>
            {t('checkout.home')}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** An empty cart says so, and offers the buyer's unfinished order when there is one. */
function EmptyCart({
  isPass,
  unfinished,
  selectPage,
}: {
  isPass: boolean;
  unfinished: Unfinished | null;
  selectPage: string;
}) {
  return (
    <section className="page checkout">
      <h1>{isPass ? tm('ck.titlePass') : tm('ck.title')}</h1>
      <div className="card narrow">
        <p>{t('checkout.empty')}</p>
        {unfinished && (
          <p data-testid="unfinished">
            {t('checkout.unfinished', {
              rcpt: unfinished.orderRcptId,
              amount: formatINR(rupeesToPaise(unfinished.orderTotal)),
            })}
          </p>
        )}
        <div className="done-actions">
          {unfinished && (
            <Link className="btn btn-primary" to={`${paths.profile}#${unfinished.orderRcptId}`}>
              {unfinished.paymentType === 'Online' ? t('checkout.resume') : t('checkout.shareDetails')}
            </Link>
          )}
          <Link className={unfinished ? 'btn' : 'btn btn-primary'} to={selectPage}>
            {isPass ? t('checkout.choosePasses') : t('checkout.chooseContribution')}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** "₹3,070.80" without the symbol, for the button texts of SPEC.md ('Pay ₹{total} Online'). */
function formatAmount(paise: number) {
  return formatINR(paise).replace(/^₹/, '');
}
