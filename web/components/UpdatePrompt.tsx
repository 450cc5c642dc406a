import { t } from '../../core/i18n';
import { applyUpdate, useUpdateAvailable } from '../lib/pwa';

export function UpdatePrompt() {
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{t('app.updateReady')}</span>
      <button type="button" className="btn btn-primary" onClick={applyUpdate}>
        {t('app.updateNow')}
      </button>
    </div>
  );
}
