import { tm } from '../../../core/messages/member.en';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { t } from '../../../core/i18n';
import { paths } from '../../lib/paths';
import { ApiError } from '../../lib/api-client';
import { updateUserInfo } from '../../lib/session';
import { verifyEmail } from './api';

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      setState({ ok: false, text: t('verification.invalid') });
      return;
    }
    verifyEmail(token)
      .then((r) => {
        updateUserInfo({ emailVerified: true });
        setState({ ok: true, text: r.message });
      })
      .catch((e: unknown) => setState({ ok: false, text: e instanceof ApiError ? e.message : t('network.error') }));
  }, [token]);

  return (
    <section className="card narrow">
      <h1>{tm('verify.title')}</h1>
      {!state && <p>{tm('verify.working')}</p>}
      {state && (
        <p className={state.ok ? 'notice notice-success' : 'notice notice-error'} role="status">
          {state.text}
        </p>
      )}
      <p className="links">
        <Link to={paths.login}>{t('nav.login')}</Link>
        <Link to={paths.profile}>{t('nav.profile')}</Link>
      </p>
    </section>
  );
}
