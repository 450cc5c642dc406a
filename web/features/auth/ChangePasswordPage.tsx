import { tm } from '../../../core/messages/member.en';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { checkChangeForm } from '../../../core/contracts/accounts';
import { t } from '../../../core/i18n';
import { paths } from '../../lib/paths';
import { Field, useFieldProblem } from '../../components/forms';
import { useToast } from '../../components/toast';
import { clearAll } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import { changePasswd } from './api';

const CHANGE_FIELDS = ['email', 'tempPasswd', 'newPasswd'] as const;

export function ChangePasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { run, busy } = useAction();
  const [f, setF] = useState({ email: params.get('email') ?? '', tempPasswd: '', newPasswd: '' });
  const form = useRef<HTMLFormElement>(null);
  const { report, errorOf, clear } = useFieldProblem(CHANGE_FIELDS);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = checkChangeForm(f);
    if (problem) return report(form.current, problem, f);
    clear();
    const res = await run(() => changePasswd(f));
    if (res) {
      clearAll(); // the server ended every session of the account
      toast.success(t('password.updated'), { next: true });
      navigate(paths.login);
    }
  }

  return (
    <section className="card narrow">
      <h1>{tm('change.title')}</h1>
      <form onSubmit={submit} noValidate ref={form}>
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
          label={tm('change.code')}
          type="password"
          name="tempPasswd"
          autoComplete="one-time-code"
          value={f.tempPasswd}
          error={errorOf('tempPasswd')}
          onChange={set('tempPasswd')}
        />
        <Field
          label={tm('change.newPassword')}
          type="password"
          name="newPasswd"
          autoComplete="new-password"
          value={f.newPasswd}
          error={errorOf('newPasswd')}
          onChange={set('newPasswd')}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {tm('change.submit')}
        </button>
      </form>
      <p className="links">
        <Link to={paths.login}>{tm('auth.backToLogin')}</Link>
      </p>
    </section>
  );
}
