import { tm } from '../../../core/messages/member.en';
import { t } from '../../../core/i18n';
import { type FormEvent, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { UserInfo } from '../../../core/contracts/accounts';
import { checkLoginForm } from '../../../core/contracts/accounts';
import { paths } from '../../lib/paths';
import { Field, useFieldProblem } from '../../components/forms';
import { storeUserInfo, useUserInfo } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import { login } from './api';

/**
 * Where a login lands (docs/decisions/103): back to what the visitor was doing (`?next=`, a path inside the app),
 * else volunteers at /venue, admins at /admin, everyone else at /membership.
 */
export function landingAfterLogin(info: Pick<UserInfo, 'admin'> & { volunteer?: boolean }, next: string | null) {
  if (next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login')) return next;
  if (info.admin) return paths.admin;
  if (info.volunteer) return paths.venue;
  return paths.membership;
}

const LOGIN_FIELDS = ['email', 'password'] as const;

export function LoginPage() {
  const [params] = useSearchParams();
  const user = useUserInfo();
  const navigate = useNavigate();
  const { run, busy } = useAction();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Set just before this form stores the new session: the redirect below is for a user who arrives
  // already logged in, and must not race the navigation to /membership that follows a login here.
  const loggedInHere = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const { report, errorOf, clear } = useFieldProblem(LOGIN_FIELDS);
  if (user && !loggedInHere.current) return <Navigate to={paths.home} replace />;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // what the fields hold as the button is pressed (a render may not have caught up with the last keystroke)
    const data = new FormData(e.currentTarget);
    const now = { email: String(data.get('email') ?? email), password: String(data.get('password') ?? password) };
    const problem = checkLoginForm(now);
    if (problem) return report(form.current, problem, now);
    clear();
    const info = await run(() => login(now.email, now.password));
    if (info) {
      loggedInHere.current = true;
      storeUserInfo(info);
      navigate(landingAfterLogin(info, params.get('next')));
    }
  }

  return (
    <section className="card narrow">
      <h1>{tm('login.title')}</h1>
      {/* DECISIONS.md: an account logs in before its email is verified; the sign-up message says so too */}
      <p className="hint">{tm('login.unverified')}</p>
      <form onSubmit={submit} noValidate ref={form}>
        <Field
          label={t('form.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          error={errorOf('email')}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label={t('form.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={errorOf('password')}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {tm('login.submit')}
        </button>
      </form>
      <p className="links">
        <Link to={paths.forgot}>{tm('login.reset')}</Link>
        <Link to={paths.signup}>{tm('login.createAccount')}</Link>
      </p>
    </section>
  );
}
