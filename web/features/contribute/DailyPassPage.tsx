import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProductView } from '../../../core/contracts/catalogue';
import { t } from '../../../core/i18n';
import '../../../core/messages/areas/contribute';
import '../../../core/messages/areas/passes';
import { formatINR, rupeesToPaise } from '../../../core/money';
import {
  EXTRA_CONTRIBUTION_CODE,
  EXTRA_CONTRIBUTION_PRODUCT_ID,
  isMemberPriced,
  MAX_QTY,
  memberEntitlement,
  type PricingContext,
  quantityChangeMessage,
} from '../../../core/pricing';
import { paths } from '../../lib/paths';
import { ToastSlot } from '../../components/toast-slot';
import { useToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useUserInfo } from '../../lib/session';
import { addToCart, getBijayaSanmelaniCount, getUtsavUserCount } from './api';
import { type LocalCart, lineOf, linePaise, pick, selectionPaise, toPricing, useLocalCart } from './local-cart';
import { Stepper } from './Stepper';
import { loadPasses, NO_CONTEXT } from './use-catalogue';
import './contribute.css';
import { productDesc, productName } from '../../lib/content';

// the dialogs after Proceed load when it is pressed, not with the page
const PassSteps = lazy(() => import('./PassSteps'));
// a sold-out pass's waiting list loads only when one is shown
const Waitlist = lazy(() => import('./Waitlist'));
const OfferLink = lazy(() => import('./OfferLink'));

export function DailyPassPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const user = useUserInfo();
  const [passes, setPasses] = useState<ProductView[] | null>(null);
  const [extraId, setExtraId] = useState(EXTRA_CONTRIBUTION_PRODUCT_ID);
  const [onSale, setOnSale] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [ctx, setCtx] = useState<PricingContext>(NO_CONTEXT);
  const [utsavCount, setUtsavCount] = useState(0);
  // the extra contribution and Register to Proceed (./PassSteps, loaded on Proceed)
  const [stepsOpen, setStepsOpen] = useState(false);
  // a waiting-list offer's link (/dmPass?offer=...): handled by ./OfferLink, loaded only with such a link
  const [offer] = useState(() => new URLSearchParams(window.location.search).get('offer'));

  // SPEC.md section 9: toasts sit bottom-center on the daily-pass screen.
  useEffect(() => {
    toast.setPosition('bottom-center');
    return () => toast.setPosition('top-right');
  }, [toast]);

  useEffect(() => {
    let live = true;
    loadPasses()
      .then(({ value: r, stale }) => {
        if (!live) return;
        setPasses(r.productsResponses.DAILY_PASS);
        setExtraId(r.extraContributionId);
        setOnSale(r.dailyPassLive);
        setStale(stale);
      })
      .catch((e) => live && setError(e instanceof ApiError ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, []);

  // The member price applies to the household's remaining entitlement, counted by the server.
  const session = user?.session ?? null;
  useEffect(() => {
    if (!session || !passes) return;
    let live = true;
    Promise.all([getUtsavUserCount(), getBijayaSanmelaniCount()]).then(([utsav, used]) => {
      if (!live) return;
      setUtsavCount(Math.max(0, utsav - used));
      const memberPricedUsed: Record<number, number> = {};
      for (const p of passes) if (isMemberPriced(toPricing(p, 'DAILY_PASS'))) memberPricedUsed[p.id] = used;
      setCtx({ utsavMemberships: utsav, memberPricedUsed });
    });
    return () => {
      live = false;
    };
  }, [session, passes]);

  const list = passes ?? [];
  const ids = useMemo(() => new Set((passes ?? []).map((p) => p.id)), [passes]);
  const totalOf = (c: LocalCart) => selectionPaise(list, 'DAILY_PASS', c, ctx);
  const { cart, setCart } = useLocalCart(totalOf);
  const total = totalOf(cart);
  const units = list.reduce((n, p) => n + (cart[p.id]?.qty ?? 0), 0);
  const closeSteps = useCallback(() => setStepsOpen(false), []);

  function change(p: ProductView, qty: number) {
    const from = cart[p.id]?.qty ?? 0;
    const to = Math.max(0, Math.min(MAX_QTY, qty));
    setCart((c) => {
      const next: LocalCart = { ...c };
      if (to === 0) delete next[p.id];
      else next[p.id] = lineOf(p, 'DAILY_PASS', to, ctx);
      return next;
    });
    const msg = quantityChangeMessage(p.code, from, to);
    if (msg) {
      const text = t(msg.key, { amount: formatINR(linePaise(p, 'DAILY_PASS', to, ctx)) });
      // a newer benefit note replaces the one before; it shows in the total bar (docs/decisions/160)
      if (to < from) toast.warning(text, { group: 'benefit' });
      else toast.info(text, { group: 'benefit' });
    }
  }

  function clear() {
    setCart((c) => Object.fromEntries(Object.entries(c).filter(([id]) => !ids.has(Number(id)))));
  }

  function proceed() {
    if (units === 0) return toast.error(t('pass.selectOne'));
    setStepsOpen(true);
  }

  /** Run by ./PassSteps, which says a refusal and keeps a double click from sending twice. */
  async function send(amount: number) {
    const selection = pick(cart, ids);
    if (amount > 0) selection[extraId] = { qty: 1, price: amount, code: EXTRA_CONTRIBUTION_CODE };
    await addToCart(selection, utsavCount);
    setStepsOpen(false);
    navigate(paths.dpSummary);
  }

  return (
    <section className="ct-page">
      <h1>{t('passes.title')}</h1>
      {error && <p className="notice notice-error">{error}</p>}
      {stale && (
        <p className="notice" role="status" data-offline-note>
          {t('contribute.offlineCopy')}
        </p>
      )}
      {!passes && !error && <p className="loading">{t('layout.loading')}</p>}
      {offer && (
        <Suspense fallback={null}>
          <OfferLink offer={offer} session={session} />
        </Suspense>
      )}
      {onSale === false ? (
        <p className="notice" role="status">
          {t('passes.notOnSale')}
        </p>
      ) : (
        <>
          <div className="ct-grid">
            {list.map((p) => {
              const qty = cart[p.id]?.qty ?? 0;
              const memberPriced = isMemberPriced(toPricing(p, 'DAILY_PASS'));
              const left = memberPriced ? memberEntitlement(p.id, ctx) : 0;
              return (
                <article key={p.id} className="ct-card" data-code={p.code}>
                  <h2>{productName(p)}</h2>
                  {p.photo ? <img className="ct-photo" src={p.photo} alt="" loading="lazy" /> : null}
                  <p className="ct-desc">{productDesc(p)}</p>
                  {p.price === p.coPrice ? (
                    <p className="ct-price">
                      {t('contribute.perPerson', { amount: formatINR(rupeesToPaise(p.price)) })}
                    </p>
                  ) : (
                    <p className="ct-price">
                      {t('passes.utsavPrice', { amount: formatINR(rupeesToPaise(p.coPrice)) })}
                      <br />
                      {t('passes.othersPrice', { amount: formatINR(rupeesToPaise(p.price)) })}
                    </p>
                  )}
                  {memberPriced && left > 0 && <p className="hint">{t('passes.memberUnits', { count: left })}</p>}
                  {p.soldOut ? (
                    <p className="ct-left ct-sold-out">{t('passes.soldOut')}</p>
                  ) : p.fewLeft ? (
                    <p className="ct-left">{t('passes.fewLeft', { count: p.unitsLeft ?? 0 })}</p>
                  ) : null}
                  {p.soldOut && qty === 0 ? (
                    p.waitlist ? (
                      <Suspense fallback={null}>
                        <Waitlist product={p} loggedIn={!!session} />
                      </Suspense>
                    ) : null
                  ) : (
                    <Stepper
                      name={productName(p)}
                      qty={qty}
                      max={Math.min(MAX_QTY, p.unitsLeft ?? MAX_QTY)}
                      onChange={(q) => change(p, q)}
                    />
                  )}
                  {qty > 0 && <p className="ct-line">{formatINR(linePaise(p, 'DAILY_PASS', qty, ctx))}</p>}
                </article>
              );
            })}
          </div>
          <div className="ct-bar">
            <ToastSlot sticky />
            <span className="ct-total" data-testid="total">
              {t('contribute.total', { amount: formatINR(total) })}
            </span>
            <button type="button" className="btn" onClick={clear}>
              {t('passes.clear')}
            </button>
            <button type="button" className="btn btn-primary" onClick={proceed} disabled={stepsOpen}>
              {t('passes.proceed')}
            </button>
          </div>
        </>
      )}
      {stepsOpen && (
        <Suspense fallback={null}>
          <PassSteps loggedIn={!!user} onClose={closeSteps} send={send} />
        </Suspense>
      )}
    </section>
  );
}
