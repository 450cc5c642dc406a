import { useEffect, useState } from 'react';
import { t } from '../../core/i18n';

type Store = { useOnline: () => boolean };

/**
 * "You are offline" under the nav, by evidence (web/lib/online.ts, docs/decisions/150). The connectivity store loads
 * after the first screen, not with every page's first load: the API client keeps what it learnt meanwhile, and
 * nothing is known before hydration anyway (prerendered HTML is drawn online).
 */
export function OfflineBanner() {
  const [store, setStore] = useState<Store | null>(null);
  useEffect(() => {
    let live = true;
    void import('../lib/online').then((m) => live && setStore(m));
    return () => {
      live = false;
    };
  }, []);
  return store ? <Banner store={store} /> : null;
}

function Banner({ store }: { store: Store }) {
  if (store.useOnline()) return null;
  return (
    <div className="offline-banner" role="status">
      {t('app.offline')}
    </div>
  );
}
