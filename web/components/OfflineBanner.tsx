import { t } from '../../core/i18n';
import { useOnline } from '../lib/online';

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      {t('app.offline')}
    </div>
  );
}
