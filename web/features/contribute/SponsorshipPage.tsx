import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProductView } from '../../../core/contracts/catalogue';
import { t } from '../../../core/i18n';
import '../../../core/messages/areas/contribute';
import '../../../core/messages/areas/sponsor';
import { formatINR, rupeesToPaise } from '../../../core/money';
import { paths } from '../../lib/paths';
import { ToastSlot } from '../../components/toast-slot';
import { useToast } from '../../components/toast';
import { useAction } from '../../lib/use-action';
import { addToCart, getUtsavUserCount, getBijayaSanmelaniCount } from './api';
import { type LocalCart, lineOf, pick, selectionPaise, useLocalCart } from './local-cart';
import { Total } from './Total';
import { NO_CONTEXT, useContributionCatalogue } from './use-catalogue';
import './contribute.css';

// The dialog's code loads when it is first opened (only without a membership), not with the page (docs/decisions/176)
const Dialog = lazy(() => import('../../components/Dialog').then((m) => ({ default: m.Dialog })));
import { productDesc, productName } from '../../lib/content';

export function SponsorshipPage() {
  const navigate = useNavigate();
  const { run, busy } = useAction();
  const toast = useToast();
  const { products, live, error, stale, waiver } = useContributionCatalogue();
  const [showAll, setShowAll] = useState(false);
  const [warnNoMembership, setWarnNoMembership] = useState(false);
  const memberships = products?.MEMBERSHIP ?? [];
  const sponsorships = products?.SPONSORSHIP ?? [];
  const ids = useMemo(
    () => new Set([...(products?.MEMBERSHIP ?? []), ...(products?.SPONSORSHIP ?? [])].map((p) => p.id)),
    [products],
  );
  const totalOf = (c: LocalCart) =>
    selectionPaise(memberships, 'MEMBERSHIP', c, NO_CONTEXT) +
    selectionPaise(sponsorships, 'SPONSORSHIP', c, NO_CONTEXT);
  const { cart, setCart } = useLocalCart(totalOf);
  const total = totalOf(cart);
  const waived = waiver?.(memberships, sponsorships, cart);
  const hasMembership = memberships.some((p) => (cart[p.id]?.qty ?? 0) > 0);
  const closeWarn = useCallback(() => setWarnNoMembership(false), []);

  // A sponsor's own unpaid pick of an item that is no longer available stays visible so it can be unticked.
  const shown = sponsorships.filter((p) => showAll || p.available || cart[p.id]);

  function toggle(p: ProductView, full: boolean, checked: boolean) {
    setCart((c) => {
      const next: LocalCart = { ...c };
      if (checked) next[p.id] = lineOf(p, 'SPONSORSHIP', 1, NO_CONTEXT, full);
      else delete next[p.id];
      return next;
    });
  }

  async function send() {
    setWarnNoMembership(false);
    const selection = pick(cart, ids);
    if (Object.keys(selection).length === 0) return toast.error(t('contribute.nothingSelected'));
    const res = await run(async () => {
      const [utsav, bijaya] = await Promise.all([getUtsavUserCount(), getBijayaSanmelaniCount()]);
      return addToCart(selection, Math.max(0, utsav - bijaya));
    });
    if (res) navigate(paths.summary);
  }

  function review() {
    if (!hasMembership) setWarnNoMembership(true);
    else void send();
  }

  return (
    <section className="ct-page">
      <h1>{t('contribute.sponsorshipTitle')}</h1>
      <div className="ct-toolbar">
        <button type="button" className="btn" aria-pressed={showAll} onClick={() => setShowAll((s) => !s)}>
          {showAll ? t('contribute.hideSponsored') : t('contribute.showAll')}
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
      <div className="ct-grid">
        {shown.map((p) => {
          const line = cart[p.id];
          const full = !!line && line.fullSponsor !== false;
          const co = !!line && line.fullSponsor === false;
          return (
            <article key={p.id} className={`ct-card${p.available ? '' : ' ct-taken'}`} data-code={p.code}>
              <h2>{productName(p)}</h2>
              {p.photo ? <img className="ct-photo" src={p.photo} alt="" loading="lazy" /> : null}
              <p className="ct-desc">{productDesc(p)}</p>
              <p className="ct-price">
                {t('contribute.fullSponsor')}: {formatINR(rupeesToPaise(p.price))}
                {!p.fullSponsorOnly && (
                  <>
                    <br />
                    {t('contribute.coSponsor')}: {formatINR(rupeesToPaise(p.coPrice))}
                  </>
                )}
              </p>
              {p.available ? (
                <div className="ct-checks">
                  <label>
                    <input
                      type="checkbox"
                      checked={full}
                      disabled={co || p.coSponsored}
                      onChange={(e) => toggle(p, true, e.target.checked)}
                    />
                    {t('contribute.fullSponsor')}
                  </label>
                  <label>
                    <input
                      type="checkbox"
                      checked={co}
                      disabled={full || p.fullSponsorOnly}
                      onChange={(e) => toggle(p, false, e.target.checked)}
                    />
                    {t('contribute.coSponsor')}
                  </label>
                </div>
              ) : (
                <>
                  <p className="ct-sponsored">
                    {p.sponsoredBy ? t('contribute.sponsoredBy', { name: p.sponsoredBy }) : t('contribute.taken')}
                  </p>
                  {line && (
                    <button type="button" className="btn btn-small" onClick={() => toggle(p, full, false)}>
                      {t('contribute.remove')}
                    </button>
                  )}
                </>
              )}
            </article>
          );
        })}
      </div>
      <div className="ct-bar">
        <ToastSlot sticky />
        <Total paise={total} waiver={waived} />
        <button type="button" className="btn" onClick={() => navigate(paths.membership)}>
          {t('contribute.replan')}
        </button>
        <button type="button" className="btn btn-primary" onClick={review} disabled={busy || live === false}>
          {t('contribute.review')}
        </button>
      </div>
      {warnNoMembership && (
        <Suspense fallback={null}>
          <Dialog title={t('contribute.noMembershipTitle')} onClose={closeWarn}>
            <p>{t('contribute.noMembershipBody')}</p>
            <div className="dialog-actions">
              <button type="button" className="btn" onClick={() => navigate(paths.membership)}>
                {t('contribute.selectMembership')}
              </button>
              <button type="button" className="btn btn-primary" onClick={() => void send()} disabled={busy}>
                {t('contribute.yesProceed')}
              </button>
            </div>
          </Dialog>
        </Suspense>
      )}
    </section>
  );
}
