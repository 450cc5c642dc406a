import { tm } from '../../../core/messages/member.en';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { checkForgotForm } from '../../../core/contracts/accounts';
import { t } from '../../../core/i18n';
import { paths } from '../../lib/paths';
import { Field, useFieldProblem } from '../../components/forms';
import { useToast } from '../../components/toast';
import { useAction } from '../../lib/use-action';
import { forgotPasswd } from './api';

const FORGOT_FIELDS = ['email'] as const;

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const { run, busy } = useAction();
  const [email, setEmail] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const { report, errorOf, clear } = useFieldProblem(FORGOT_FIELDS);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = checkForgotForm({ email });
    if (problem) return report(form.current, problem, { email });
    clear();
    const res = await run(() => forgotPasswd(email));
    if (res) {
      toast.success(t('password.codeSent'), { next: true });
      navigate(`${paths.change}?email=${encodeURIComponent(email.trim())}`);
    }
  }

  return (
    <section className="card narrow">
      <h1>{tm('forgot.title')}</h1>
      <p>{tm('forgot.intro')}</p>
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
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {tm('forgot.submit')}
        </button>
      </form>
      <p className="links">
        <Link to={paths.login}>{tm('auth.backToLogin')}</Link>
        <Link to={paths.change}>{tm('forgot.haveCode')}</Link>
      </p>
    </section>
  );
}
