import { formatDateTime } from '../../core/festival';
import { t } from '../../core/i18n';
import '../../core/messages/areas/site';
import './network-notes.css';

/** Shown above data that came from readWithOfflineCopy() while offline. */
export function OfflineCopyNote({ savedAt }: { savedAt: number }) {
  return (
    <p className="offline-copy" role="status" data-offline-note>
      {t('site.offlineCopy', { when: formatDateTime(savedAt) })}
    </p>
  );
}
