// "Renew your <plan> for <year>" on /membership: last festival year's plans and household size,
// selected in one tap (and at once when the page is opened from a reminder's link), priced by today's rules
// through the normal cart. The server decides whose renewal it is: another member's link is refused.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ProductView } from '../../../core/contracts/catalogue';
import type { RenewalOffer as Offer } from '../../../core/contracts/renewals';
import { tr } from '../../../core/renewals/messages.en';
import { useToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { getRenewal, renewParam } from '../../lib/renewals-api';
import '../../components/renewal-card.css';
import { type LocalCart, lineOf } from './local-cart';
import { NO_CONTEXT } from './use-catalogue';

type Props = { memberships: readonly ProductView[]; setCart: (update: (c: LocalCart) => LocalCart) => void };

export function RenewalOffer({ memberships, setCart }: Props) {
  const [search] = useSearchParams();
  const { present, forUser } = renewParam(search);
  const toast = useToast();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const applied = useRef(false);

  useEffect(() => {
    let live = true;
    getRenewal(forUser)
      .then((o) => live && setOffer(o))
      .catch((e) => {
        if (live && e instanceof ApiError && e.code === 'NotYourRenewal') setRefused(e.message);
      });
    return () => {
      live = false;
    };
  }, [forUser]);

  const open = offer !== null && !offer.renewed && offer.lines.length > 0;

  function apply(quiet = false) {
    if (!offer) return;
    const picked = offer.lines.flatMap((l) => {
      // last year's plan, or this year's plan of the same code once the catalogue has been rolled over
      const p = memberships.find((m) => m.id === l.productId) ?? memberships.find((m) => m.code === l.code);
      return p ? [{ p, qty: l.qty }] : [];
    });
    if (picked.length === 0) {
      toast.warning(tr('renewal.planGone'));
      return;
    }
    const ids = new Set(memberships.map((m) => m.id));
    setCart((c) => {
      const next: LocalCart = Object.fromEntries(Object.entries(c).filter(([id]) => !ids.has(Number(id))));
      for (const { p, qty } of picked) next[p.id] = lineOf(p, 'MEMBERSHIP', qty, NO_CONTEXT);
      return next;
    });
    applied.current = true;
    if (!quiet) toast.info(tr('renewal.applied'));
  }

  // Opened from a reminder (or the profile): select last year's plan once, as soon as the plans are loaded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the offer and the plans are both in
  useEffect(() => {
    if (present && open && memberships.length > 0 && !applied.current) apply();
  }, [present, open, memberships.length]);

  if (refused) return <p className="notice notice-error">{refused}</p>;
  if (!offer) return null;
  if (offer.renewed) {
    return present ? (
      <p className="notice notice-success">{tr('renewal.renewed', { year: offer.fiscalYear })}</p>
    ) : null;
  }
  if (!open) return null;
  const lines = offer.lines.map((l) => tr('renewal.line', { name: l.name, qty: l.qty })).join(', ');
  return (
    <div className="renewal-card" data-testid="renewal-offer">
      <h2>{tr('renewal.offer', { plan: offer.plan ?? '', year: offer.fiscalYear })}</h2>
      <p>{tr('renewal.offerBody', { lastYear: offer.lastYear, lines })}</p>
      <button type="button" className="btn btn-primary" onClick={() => apply()}>
        {tr('renewal.renew')}
      </button>
    </div>
  );
}
