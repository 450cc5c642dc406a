import { useOnline } from '../lib/online';

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      You are offline. Pages you have visited still open; sign-in, payments and other actions need a connection.
    </div>
  );
}
