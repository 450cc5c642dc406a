// The profile's "Renew your <plan> for <year>": opens /membership with last year's plan selected.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { RenewalOffer } from '../../../core/contracts/renewals';
import { tr } from '../../../core/renewals/messages.en';
import { paths } from '../../lib/paths';
import { getRenewal } from '../../lib/renewals-api';
import '../../components/renewal-card.css';

export function RenewalCard() {
  const [offer, setOffer] = useState<RenewalOffer | null>(null);
  useEffect(() => {
    let live = true;
    getRenewal()
      .then((o) => live && setOffer(o))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  if (!offer || offer.renewed || offer.lines.length === 0) return null;
  const lines = offer.lines.map((l) => tr('renewal.line', { name: l.name, qty: l.qty })).join(', ');
  return (
    <div className="renewal-card" data-testid="renewal-card">
      <h2>{tr('renewal.offer', { plan: offer.plan ?? '', year: offer.fiscalYear })}</h2>
      <p>{tr('renewal.offerBody', { lastYear: offer.lastYear, lines })}</p>
      <Link className="btn btn-primary" to={`${paths.membership}?renew`}>
        {tr('renewal.renew')}
      </Link>
    </div>
  );
}
