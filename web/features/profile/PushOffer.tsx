// "Get news on this phone": offered at the top of the profile, where a member lands after paying, while
// this phone could take notifications and has not; "Not now" is remembered on the phone.
import { useEffect, useState } from 'react';
import { tc } from '../../../core/messages/channels.en';
import { useToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { getChannelPrefs } from '../../lib/channels-api';
import { PushRefused, pushState, turnOnPush } from '../../lib/push';
import { useAction } from '../../lib/use-action';
import './channels.css';

const DISMISSED = 'samiti-push-offer';

export function PushOffer() {
  const [key, setKey] = useState<string | null>(null);
  const { run, busy } = useAction();
  const toast = useToast();

  useEffect(() => {
    let live = true;
    void (async () => {
      if (localStorage.getItem(DISMISSED) === 'later' || (await pushState()) !== 'off') return;
      const p = await getChannelPrefs().catch(() => null);
      if (live && p?.push.available) setKey(p.push.vapidPublicKey);
    })();
    return () => {
      live = false;
    };
  }, []);

  if (!key) return null;
  const later = () => {
    localStorage.setItem(DISMISSED, 'later');
    setKey(null);
  };
  const turnOn = () =>
    run(async () => {
      try {
        toast.success((await turnOnPush(key)).message);
        setKey(null);
      } catch (e) {
        if (e instanceof ApiError) throw e;
        toast.error(e instanceof PushRefused && e.state === 'blocked' ? tc('ch.pushBlocked') : tc('ch.pushFailed'));
        setKey(null);
      }
    });
  return (
    <aside className="card push-offer" aria-labelledby="push-offer-title" data-testid="push-offer">
      <div>
        <strong id="push-offer-title">{tc('ch.offerTitle')}</strong>
        <p className="hint">{tc('ch.offerBody')}</p>
      </div>
      <div className="actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={turnOn}>
          {tc('ch.pushOn')}
        </button>
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={later}>
          {tc('ch.offerLater')}
        </button>
      </div>
    </aside>
  );
}
