import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProductView } from '../../../core/contracts/catalogue';
import { t } from '../../../core/i18n';
import '../../../core/messages/areas/contribute';
import '../../../core/messages/areas/membership';
import { formatINR, rupeesToPaise } from '../../../core/money';
import { MAX_QTY, quantityChangeMessage } from '../../../core/pricing';
import { paths } from '../../lib/paths';
import { productDesc, productName } from '../../lib/content';
import { ToastSlot } from '../../components/toast-slot';
import { useToast } from '../../components/toast';
import { type LocalCart, lineOf, linePaise, selectionPaise, totalPaise, useLocalCart } from './local-cart';
import { Stepper } from './Stepper';
import { Total } from './Total';
import { NO_CONTEXT, useContributionCatalogue } from './use-catalogue';
import './contribute.css';

// Loaded after the page: only last year's members see it, and it waits for its own call anyway.
const RenewalOffer = lazy(() => import('./RenewalOffer').then((m) => ({ default: m.RenewalOffer })));
const PlanComparison = lazy(() => import('./MembershipDialogs').then((m) => ({ default: m.PlanComparison })));
const ZeroConfirm = lazy(() => import('./MembershipDialogs').then((m) => ({ default: m.ZeroConfirm })));

export function MembershipPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const { products, live, error, stale, waiver } = useContributionCatalogue();
  const [compare, setCompare] = useState(false);
  const [confirmZero, setConfirmZero] = useState(false);
  const memberships = products?.MEMBERSHIP ?? [];
  const ids = useMemo(
    () => new Set([...(products?.MEMBERSHIP ?? []), ...(products?.SPONSORSHIP ?? [])].map((p) => p.id)),
    [products],
  );
  // the comparison's plans and prices are the live catalogue's once it has answered
  const membershipIds = useMemo(() => new Set(memberships.map((p) => p.id)), [memberships]);
  const { cart, setCart, loaded } = useLocalCart((c) => totalPaise(c, ids));
  const total = selectionPaise(memberships, 'MEMBERSHIP', cart, NO_CONTEXT);
  // the sponsorships chosen before (the same stored cart) count towards the waiver of these memberships
  const waived = waiver?.(memberships, products?.SPONSORSHIP ?? [], cart);
  const closeCompare = useCallback(() => setCompare(false), []);
  const closeZero = useCallback(() => setConfirmZero(false), []);

  function change(p: ProductView, qty: number) {
    const from = cart[p.id]?.qty ?? 0;
    const to = Math.max(0, Math.min(MAX_QTY, qty));
    setCart((c) => {
      const next: LocalCart = { ...c };
      if (to === 0) delete next[p.id];
      else next[p.id] = lineOf(p, 'MEMBERSHIP', to, NO_CONTEXT);
      return next;
    });
    const msg = quantityChangeMessage(p.code, from, to);
    if (msg) {
      const text = t(msg.key, { amount: formatINR(linePaise(p, 'MEMBERSHIP', to, NO_CONTEXT)) });
      // a newer benefit note replaces the one before; it shows in the total bar (docs/decisions/160)
      if (to < from) toast.warning(text, { group: 'benefit' });
      else toast.info(text, { group: 'benefit' });
    }
  }

  function clear() {
    setCart((c) => Object.fromEntries(Object.entries(c).filter(([id]) => !membershipIds.has(Number(id)))));
  }

  function proceed() {
    if (total <= 0) setConfirmZero(true);
    else navigate(paths.sponsorship);
  }

  return (
    <section className="ct-page">
      <h1>{t('contribute.membershipTitle')}</h1>
      <p className="ct-note">{t('contribute.familyNote')}</p>
      <div className="ct-toolbar">
        <button type="button" className="btn" onClick={() => setCompare(true)}>
          {t('contribute.comparison')}
        </button>
      </div>
      {error && <p className="notice notice-error">{error}</p>}
      {stale && (
        <p className="notice" role="status" data-offline-note>
          {t('contribute.offlineCopy')}
        </p>
      )}
      {live === false && <p className="notice">{t('contribute.notLive')}</p>}
      {!products && !error && <p className="loading">{t('layout.loading')}</p>}
      {loaded && (
        // after the stored cart is in, so that selecting last year's plan is not overwritten by it
        <Suspense fallback={null}>
          <RenewalOffer memberships={memberships} setCart={setCart} />
        </Suspense>
      )}
      <div className="ct-grid">
        {memberships.map((p) => {
          const qty = cart[p.id]?.qty ?? 0;
          return (
            <article key={p.id} className="ct-card" data-code={p.code}>
              <h2>{productName(p)}</h2>
              {p.photo ? <img className="ct-photo" src={p.photo} alt="" loading="lazy" /> : null}
              <p className="ct-price">{t('contribute.perPerson', { amount: formatINR(rupeesToPaise(p.price)) })}</p>
              <p className="ct-desc">{productDesc(p)}</p>
              <Stepper name={productName(p)} qty={qty} max={MAX_QTY} onChange={(q) => change(p, q)} />
              {qty > 0 && <p className="ct-line">{formatINR(linePaise(p, 'MEMBERSHIP', qty, NO_CONTEXT))}</p>}
            </article>
          );
        })}
      </div>
      <div className="ct-bar">
        <ToastSlot sticky />
        <Total paise={total} waiver={waived} />
        <button type="button" className="btn" onClick={clear}>
          {t('contribute.clearCart')}
        </button>
        <button type="button" className="btn btn-primary" onClick={proceed} disabled={live === false}>
          {t('contribute.proceedSponsorship')}
        </button>
      </div>
      {(compare || confirmZero) && (
        // the comparison and the "nothing chosen" question load when first asked for (docs/decisions/176)
        <Suspense fallback={null}>
          {compare && <PlanComparison memberships={memberships} onClose={closeCompare} />}
          {confirmZero && <ZeroConfirm total={total} onClose={closeZero} />}
        </Suspense>
      )}
    </section>
  );
}
