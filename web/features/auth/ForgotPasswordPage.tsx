import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { checkForgotForm } from '../../../core/contracts/accounts';
import { t } from '../../../core/i18n';
import { paths } from '../../app/paths';
import { Field } from '../../components/forms';
import { useToast } from '../../components/toast';
import { useAction } from '../../lib/use-action';
import { forgotPasswd } from './api';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const { run, busy } = useAction();
  const [email, setEmail] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = checkForgotForm({ email });
    if (problem) return toast.error(t(problem));
    const res = await run(() => forgotPasswd(email));
    if (res) {
      toast.success(t('password.codeSent'));
      navigate(`${paths.change}?email=${encodeURIComponent(email.trim())}`);
    }
  }

  return (
    <section className="card narrow">
      <h1>Forgot Password</h1>
      <p>Enter the email you registered with. We will send you a temporary code to set a new password.</p>
      <form onSubmit={submit} noValidate>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          Forgot Password
        </button>
      </form>
      <p className="links">
        <Link to={paths.login}>Back to Login</Link>
        <Link to={paths.change}>I have a code</Link>
      </p>
    </section>
  );
}
