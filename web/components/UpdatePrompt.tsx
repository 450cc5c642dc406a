import { applyUpdate, useUpdateAvailable } from '../lib/pwa';

export function UpdatePrompt() {
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <div className="update-prompt" role="status">
      <span>A new version of the app is ready.</span>
      <button type="button" className="btn btn-primary" onClick={applyUpdate}>
        Update now
      </button>
    </div>
  );
}
