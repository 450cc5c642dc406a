// "Your data" on the profile (docs/decisions/265-267): correct name and mobile, change the email
// through a link to the new address, download everything held (JSON) or read it as a page, delete the account
// confirmed by the password. Each form says its outcome under itself and a problem under its field.
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { checkProfileForm, type UserProfile } from '../../../core/contracts/accounts';
import { t } from '../../../core/i18n';
import { tm } from '../../../core/messages/member.en';
import { paths } from '../../lib/paths';
import { Dialog } from '../../components/Dialog';
import { Field, fieldOfError, useFieldError, useFieldProblem } from '../../components/forms';
import { useToast } from '../../components/toast';
import type { ApiError } from '../../lib/api-client';
import { clearAll, updateUserInfo } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import { changeEmail, deleteAccount, getMyData, updateUserProfile } from './api';

const PROFILE_FIELDS = ['name', 'mobile'] as const;
const EMAIL_FIELDS = ['email', 'password'] as const;

/** Saves the export as a file, as a browser download. */
export function downloadJson(data: unknown, name = 'samiti-my-data.json') {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function YourData({ profile, onSaved }: { profile: UserProfile; onSaved: (p: UserProfile) => void }) {
  return (
    <section className="your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">{tm('data.title')}</h2>
      <p className="hint">{tm('data.intro')}</p>
      <EditDetails profile={profile} onSaved={onSaved} />
      <ChangeEmail />
      <CopyOfData />
      <DeleteAccount email={profile.email} />
    </section>
  );
}

function EditDetails({ profile, onSaved }: { profile: UserProfile; onSaved: (p: UserProfile) => void }) {
  const [f, setF] = useState({ name: profile.name, mobile: profile.mobile });
  const [done, setDone] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const { report, errorOf, clear, show } = useFieldProblem(PROFILE_FIELDS);
  const { run, busy } = useAction();
  const toast = useToast();
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => {
    setF({ ...f, [k]: e.target.value });
    setDone(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = checkProfileForm(f);
    if (problem) return report(form.current, problem, f);
    clear();
    const r = await run(
      () => updateUserProfile(f),
      (err: ApiError) => {
        const field = fieldOfError(err, PROFILE_FIELDS);
        if (field) show(form.current, field, err.message.replace(new RegExp(`^${field}:?\\s*`), ''));
        else toast.error(err.message);
      },
    );
    if (r) {
      setF({ name: r.name, mobile: r.mobile });
      onSaved({ ...profile, name: r.name, mobile: r.mobile });
      updateUserInfo({ name: r.name });
      setDone(r.message);
    }
  }

  return (
    <form className="card data-part" onSubmit={submit} noValidate ref={form} aria-labelledby="data-edit">
      <h3 id="data-edit">{tm('data.editTitle')}</h3>
      <Field
        label={tm('profile.name')}
        name="name"
        autoComplete="name"
        value={f.name}
        error={errorOf('name')}
        onChange={set('name')}
      />
      <Field
        label={tm('profile.mobile')}
        name="mobile"
        type="tel"
        autoComplete="tel"
        value={f.mobile}
        error={errorOf('mobile')}
        onChange={set('mobile')}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {tm('data.save')}
      </button>
      {done ? (
        <p className="data-done" role="status">
          {done}
        </p>
      ) : null}
    </form>
  );
}

function ChangeEmail() {
  const [f, setF] = useState({ email: '', password: '' });
  const [done, setDone] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const { report, errorOf, clear, show } = useFieldProblem(EMAIL_FIELDS);
  const { run, busy } = useAction();
  const toast = useToast();
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => {
    setF({ ...f, [k]: e.target.value });
    setDone(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!f.email.trim() || !f.password.trim()) return report(form.current, 'fields.mandatory', f);
    clear();
    const r = await run(
      () => changeEmail(f),
      (err: ApiError) => {
        const field =
          err.code === 'WrongPassword' || err.code === 'RateLimited' ? 'password' : fieldOfError(err, EMAIL_FIELDS);
        if (field) show(form.current, field, err.message.replace(new RegExp(`^${field}:?\\s*`), ''));
        else toast.error(err.message);
      },
    );
    if (r) {
      setF({ email: '', password: '' });
      setDone(r.message);
    }
  }

  return (
    <form className="card data-part" onSubmit={submit} noValidate ref={form} aria-labelledby="data-email">
      <h3 id="data-email">{tm('data.emailTitle')}</h3>
      <p className="hint">{tm('data.emailHint')}</p>
      <Field
        label={tm('data.newEmail')}
        name="email"
        type="email"
        autoComplete="email"
        value={f.email}
        error={errorOf('email')}
        onChange={set('email')}
      />
      <Field
        label={tm('data.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={f.password}
        error={errorOf('password')}
        onChange={set('password')}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {tm('data.sendLink')}
      </button>
      {done ? (
        <p className="data-done" role="status">
          {done}
        </p>
      ) : null}
    </form>
  );
}

function CopyOfData() {
  const { run, busy } = useAction();
  return (
    <div className="card data-part">
      <h3>{tm('data.copyTitle')}</h3>
      <p className="hint">{tm('data.copyHint')}</p>
      <div className="data-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => run(async () => downloadJson(await getMyData()))}
        >
          {tm('data.download')}
        </button>
        <Link className="btn" to={paths.myData}>
          {tm('data.view')}
        </Link>
      </div>
    </div>
  );
}

function DeleteAccount({ email }: { email: string }) {
  const [password, setPassword] = useState('');
  const [asking, setAsking] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const { show, errorOf, clear } = useFieldError();
  const { run, busy } = useAction();
  const toast = useToast();
  const navigate = useNavigate();

  function ask(e: FormEvent) {
    e.preventDefault();
    if (!password.trim()) return show(form.current, 'password', t('fields.mandatory'));
    clear();
    setAsking(true);
  }

  async function confirm() {
    const r = await run(
      () => deleteAccount({ password }),
      (err: ApiError) => {
        setAsking(false);
        if (err.code === 'WrongPassword' || err.code === 'RateLimited' || err.code === 'BadRequest') {
          show(form.current, 'password', err.message.replace(/^password:?\s*/, ''));
        } else show(form.current, 'password', err.message);
      },
    );
    if (r) {
      clearAll(); // the server ended every session of the account
      toast.success(r.message, { next: true });
      navigate(paths.login);
    }
  }

  // the dialog stands outside the card, so that it covers the screen rather than the card
  return (
    <>
      <form className="card data-part data-delete" onSubmit={ask} noValidate ref={form} aria-labelledby="data-delete">
        <h3 id="data-delete">{tm('data.deleteTitle')}</h3>
        <p className="hint">{tm('data.deleteHint')}</p>
        <Field
          label={tm('data.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={errorOf('password')}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {tm('data.deleteButton')}
        </button>
      </form>
      {asking ? (
        <Dialog title={tm('data.deleteConfirmTitle')} onClose={() => setAsking(false)} closeButton={false}>
          <p>{tm('data.deleteConfirm', { email })}</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-danger" disabled={busy} onClick={confirm}>
              {tm('data.deleteYes')}
            </button>
            <button type="button" className="btn" onClick={() => setAsking(false)}>
              {tm('data.deleteNo')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
