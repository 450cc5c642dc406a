// The committee's operational news on /venue: the announcements an admin marked for volunteers in the
// last day, newest first. Fetched after the screen is up and every few minutes while online; drawn below the
// passes, so that nothing above moves when it arrives; nothing at all when there is no news or no network.
import { useEffect, useState } from 'react';
import type { VenueNotice } from '../../../core/contracts/channels';
import { formatDateTime } from '../../../core/festival';
import { getLocale } from '../../../core/i18n';
import { tc } from '../../../core/messages/channels.en';
import { getVenueNotices } from '../../lib/channels-api';
import { isOnline } from '../../lib/online';

const EVERY_MS = 3 * 60_000;

export function VenueNotices() {
  const [notices, setNotices] = useState<VenueNotice[]>([]);
  useEffect(() => {
    let live = true;
    const load = () => {
      // the connectivity store, not navigator.onLine (docs/decisions/150): on lie-fi the request simply fails
      if (isOnline())
        getVenueNotices().then(
          (n) => live && setNotices(n),
          () => {},
        );
    };
    load();
    const timer = setInterval(load, EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  if (notices.length === 0) return null;
  const bn = getLocale() === 'bn-IN';
  return (
    <section className="venue-notices" aria-labelledby="venue-news" data-testid="venue-notices">
      <h2 id="venue-news">{tc('ch.venueNews')}</h2>
      {notices.map((n) => (
        <article key={n.id} className="venue-notice">
          <strong>{bn ? n.titleBn : n.titleEn}</strong>
          <p>{bn ? n.bodyBn : n.bodyEn}</p>
          <small>{formatDateTime(n.at)}</small>
        </article>
      ))}
    </section>
  );
}
