import { useEffect, useState } from 'react';
import { t } from '../../core/i18n';
import '../../core/messages/areas/site';
import './network-notes.css';

type Store = { useOnline: () => boolean };

/**
 * Put beside a control that needs the network: says so while the browser is offline, nothing otherwise. The
 * connectivity store loads after the first screen, as the offline banner's does (web/components/OfflineBanner.tsx):
 * the home page's first load does not carry it (docs/decisions/176).
 */
export function NeedsNetwork({ className = 'hint' }: { className?: string }) {
  const [store, setStore] = useState<Store | null>(null);
  useEffect(() => {
    let live = true;
    void import('../lib/online').then((m) => live && setStore(m));
    return () => {
      live = false;
    };
  }, []);
  return store ? <Note store={store} className={className} /> : null;
}

function Note({ store, className }: { store: Store; className: string }) {
  if (store.useOnline()) return null;
  return (
    <p className={`${className} needs-network`} role="status">
      {t('site.needsNetwork')}
    </p>
  );
}
