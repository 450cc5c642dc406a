// A waiting-list offer's link (/dmPass?offer=...), loaded only when the page is opened with one (docs/decisions/176):
// logged in, its units go into the cart and the member goes on to the checkout; logged out, a link to log in first
// that comes back here.
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { t } from '../../../core/i18n';
import '../../../core/messages/areas/pass-steps';
import { paths } from '../../lib/paths';
import { useToast } from '../../components/toast';
import { useAction } from '../../lib/use-action';
import { acceptWaitlistOffer } from './api';

type Props = { offer: string; session: string | null };

export default function OfferLink({ offer, session }: Props) {
  const toast = useToast();
  const { run } = useAction();
  const navigate = useNavigate();
  useEffect(() => {
    if (!session) return;
    void run(async () => {
      const r = await acceptWaitlistOffer(offer);
      toast.success(r.message, { next: true });
      navigate(paths.dpSummary, { replace: true }); // Back does not take the offer again
    });
  }, [offer, session, run, toast, navigate]);
  if (session) return null;
  return (
    <p className="notice" role="status">
      <Link to={`${paths.login}?next=${encodeURIComponent(`${paths.dmPass}?offer=${offer}`)}`}>
        {t('passes.offerLogin')}
      </Link>
    </p>
  );
}
