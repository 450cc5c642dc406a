// The waiting list of a sold-out pass (docs/decisions/246): join it with the units wanted, see one's
// place, buy the units an offer holds, or leave. Loaded only when a sold-out pass with a waiting list is shown.
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { WaitlistPlace } from '../../../core/contracts/capacity';
import type { ProductView } from '../../../core/contracts/catalogue';
import { formatDateTime } from '../../../core/festival';
import { t } from '../../../core/i18n';
import '../../../core/messages/areas/contribute';
import '../../../core/messages/areas/pass-steps';
import { paths } from '../../lib/paths';
import { Field, fieldOfError } from '../../components/forms';
import { useToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { acceptWaitlistOffer, getMyWaitlist, joinWaitlist, leaveWaitlist } from './api';

let mine: Promise<WaitlistPlace[]> | null = null;
/** The caller's places, asked once for every card of the page (again after a change). */
const myPlaces = (fresh = false) => {
  if (!mine || fresh) mine = getMyWaitlist().then((r) => r.places);
  return mine;
};

export default function Waitlist({ product, loggedIn }: { product: ProductView; loggedIn: boolean }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [place, setPlace] = useState<WaitlistPlace | null | undefined>(loggedIn ? undefined : null);
  const [qty, setQty] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    myPlaces()
      .then((places) => live && setPlace(places.find((p) => p.productId === product.id) ?? null))
      .catch(() => live && setPlace(null));
    return () => {
      live = false;
    };
  }, [loggedIn, product.id]);

  async function act(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      if (e instanceof ApiError && fieldOfError(e, ['qty'])) setError(e.message);
      else toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  async function join(e: FormEvent) {
    e.preventDefault();
    const n = Number(qty);
    await act(async () => {
      const r = await joinWaitlist(product.id, Number.isInteger(n) && qty.trim() !== '' ? n : Number.NaN);
      toast.success(r.message);
      setPlace(r.place);
      void myPlaces(true);
    });
  }

  if (!loggedIn) return <p className="hint">{t('passes.waitlistLogin')}</p>;
  if (place === undefined) return null;
  if (place?.state === 'offered' && place.offer) {
    const offer = place.offer;
    return (
      <div className="ct-waitlist">
        <p>{t('passes.offerHeld', { qty: place.qty, time: formatDateTime(place.offerExpiresAt) })}</p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() =>
            act(async () => {
              await acceptWaitlistOffer(offer);
              navigate(paths.dpSummary);
            })
          }
        >
          {t('passes.buyOffer')}
        </button>
      </div>
    );
  }
  if (place) {
    return (
      <div className="ct-waitlist">
        <p>{t('passes.onWaitlist', { position: place.position, qty: place.qty })}</p>
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          onClick={() =>
            act(async () => {
              const r = await leaveWaitlist(product.id);
              toast.success(r.message);
              setPlace(null);
              void myPlaces(true);
            })
          }
        >
          {t('passes.leaveWaitlist')}
        </button>
      </div>
    );
  }
  return (
    <form className="ct-waitlist" onSubmit={join} noValidate>
      <Field
        label={t('passes.waitQty')}
        name="qty"
        type="number"
        inputMode="numeric"
        min={1}
        max={50}
        value={qty}
        error={error}
        onChange={(e) => setQty(e.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('passes.joinWaitlist')}
      </button>
    </form>
  );
}
