import { tm } from '../../../core/messages/member.en';
import { t } from '../../../core/i18n';
import { type FormEvent, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { checkSignupForm } from '../../../core/contracts/accounts';
import { paths } from '../../lib/paths';
import { Field, useFieldProblem } from '../../components/forms';
import { useToast } from '../../components/toast';
import { useUserInfo } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import { signUp } from './api';

const SIGNUP_FIELDS = ['name', 'email', 'mobile', 'password'] as const;

export function SignupPage() {
  const user = useUserInfo();
  const navigate = useNavigate();
  const toast = useToast();
  const { run, busy } = useAction();
  const [f, setF] = useState({ name: '', email: '', mobile: '', password: '' });
  const form = useRef<HTMLFormElement>(null);
  const { report, errorOf, clear } = useFieldProblem(SIGNUP_FIELDS);
  if (user) return <Navigate to={paths.home} replace />;
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = checkSignupForm(f, 'page');
    if (problem) return report(form.current, problem, f);
    clear();
    const res = await run(() => signUp(f));
    if (res) {
      toast.success(res.message, { next: true });
      navigate(paths.login);
    }
  }

  return (
    <section className="card narrow">
      <h1>{tm('signup.title')}</h1>
      <form onSubmit={submit} noValidate ref={form}>
        <Field
          label={t('form.fullName')}
          name="name"
          autoComplete="name"
          value={f.name}
          error={errorOf('name')}
          onChange={set('name')}
        />
        <Field
          label={t('form.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={f.email}
          error={errorOf('email')}
          onChange={set('email')}
        />
        <Field
          label={t('form.mobile')}
          type="tel"
          name="mobile"
          autoComplete="tel"
          value={f.mobile}
          error={errorOf('mobile')}
          onChange={set('mobile')}
        />
        <Field
          label={t('form.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          value={f.password}
          error={errorOf('password')}
          onChange={set('password')}
        />
        <p className="hint">{t('signup.passwordHint')}</p>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {tm('signup.submit')}
        </button>
      </form>
      <p className="links">
        <Link to={paths.login}>{tm('auth.backToLogin')}</Link>
      </p>
    </section>
  );
}
