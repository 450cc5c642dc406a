// /unsubscribe?token=...: the page a reminder's link opens. The signed token is the authority (no login);
// the page posts it once and shows the answer, or why the link does not work.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { t } from '../../../core/i18n';
import { tr } from '../../../core/renewals/messages.en';
import { ApiError } from '../../lib/api-client';
import { unsubscribe } from '../../lib/renewals-api';

export function UnsubscribePage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      setResult({ ok: false, text: tr('unsubscribe.invalid') });
      return;
    }
    unsubscribe(token)
      .then((r) => setResult({ ok: true, text: r.message }))
      .catch((e) => setResult({ ok: false, text: e instanceof ApiError ? e.message : t('network.error') }));
  }, [token]);
  return (
    <section className="page">
      <h1>{tr('unsubscribe.title')}</h1>
      {result ? (
        <p className={`notice ${result.ok ? 'notice-success' : 'notice-error'}`} role="status">
          {result.text}
        </p>
      ) : (
        <p className="loading">{tr('unsubscribe.working')}</p>
      )}
    </section>
  );
}
