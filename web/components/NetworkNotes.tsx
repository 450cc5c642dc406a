import { formatDateTime } from '../../core/festival';
import { t } from '../../core/i18n';
import '../../core/messages/areas/site';
import { useOnline } from '../lib/online';
import './network-notes.css';

/** Put beside a control that needs the network: says so while the browser is offline, nothing otherwise. */
export function NeedsNetwork({ className = 'hint' }: { className?: string }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p className={`${className} needs-network`} role="status">
      {t('site.needsNetwork')}
    </p>
  );
}

/** Shown above data that came from readWithOfflineCopy() while offline. */
export function OfflineCopyNote({ savedAt }: { savedAt: number }) {
  return (
    <p className="offline-copy" role="status" data-offline-note>
      {t('site.offlineCopy', { when: formatDateTime(savedAt) })}
    </p>
  );
}
