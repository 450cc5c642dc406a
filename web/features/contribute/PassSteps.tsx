// The two dialogs after Proceed on /dmPass (SPEC.md section 2): the optional extra contribution, then, for a
// guest, Register to Proceed. Loaded when Proceed is pressed, not with the page (its first load stays small).
// Their problems are said at the field, which takes the focus (docs/decisions/160).
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../../core/i18n';
import '../../../core/messages/areas/contribute';
import '../../../core/messages/areas/pass-steps';
import { paths } from '../../lib/paths';
import { Dialog } from '../../components/Dialog';
import { Field, fieldOfError, useFieldError, useFieldProblem } from '../../components/forms';
import { useToast } from '../../components/toast';
import { storeUserInfo } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import { signUpAndLogin } from './api';

const REGISTER_FIELDS = ['name', 'email', 'mobile', 'password'] as const;

export default function PassSteps({
  loggedIn,
  onClose,
  send,
}: {
  loggedIn: boolean;
  onClose: () => void;
  /** Puts the passes (and the extra contribution in rupees, 0 for none) in the cart and goes to checkout. */
  send: (extraRupees: number) => Promise<void>;
}) {
  const toast = useToast();
  // registering and sending, one at a time: a double click sends once, a refusal is said as a toast
  const { run, busy } = useAction();
  const [step, setStep] = useState<'extra' | 'register'>('extra');
  const [extra, setExtra] = useState('');
  const [extraRupees, setExtraRupees] = useState(0);
  const [reg, setReg] = useState({ name: '', email: '', mobile: '', password: '' });
  const extraForm = useRef<HTMLFormElement>(null);
  const extraProblem = useFieldError();
  const regForm = useRef<HTMLFormElement>(null);
  const regProblem = useFieldProblem(REGISTER_FIELDS);

  function withContribution(e: FormEvent) {
    e.preventDefault();
    const amount = Number(extra.trim());
    const problem =
      !extra.trim() || !Number.isFinite(amount) || amount <= 0
        ? t('pass.extraAmount')
        : !Number.isInteger(amount) || amount > 10_00_000
          ? t('passes.extraLimit')
          : null;
    if (problem) return extraProblem.show(extraForm.current, 'extraContribution', problem);
    extraProblem.clear();
    void next(amount);
  }

  async function next(amount: number) {
    setExtraRupees(amount);
    if (!loggedIn) return setStep('register');
    await run(() => send(amount));
  }

  async function register(e: FormEvent) {
    e.preventDefault();
    // the form's rules come with zod (24 kB of gzip): loaded when the form is sent, not with the page
    const { checkSignupForm } = await import('../../../core/contracts/accounts');
    const problem = checkSignupForm(reg, 'dialog');
    if (problem) return regProblem.report(regForm.current, problem, reg);
    regProblem.clear();
    const info = await run(
      () => signUpAndLogin(reg),
      (err) => {
        // a taken email belongs under the email field; anything else is said inside the dialog
        const field = fieldOfError(err, REGISTER_FIELDS);
        if (field) regProblem.show(regForm.current, field, err.message);
        else toast.error(err.message);
      },
    );
    if (!info) return;
    storeUserInfo(info);
    // logged in from here on: if sending fails, the dialog closes and Proceed goes straight to the contribution
    // dialog
    await run(() => send(extraRupees));
    onClose();
  }

  const setR = (k: keyof typeof reg) => (e: { target: { value: string } }) => setReg({ ...reg, [k]: e.target.value });

  if (step === 'extra') {
    return (
      <Dialog title={t('passes.extraTitle')} onClose={onClose}>
        <form onSubmit={withContribution} noValidate ref={extraForm}>
          <p>{t('passes.extraBody')}</p>
          <Field
            label={t('passes.extraLabel')}
            name="extraContribution"
            type="number"
            inputMode="numeric"
            min={1}
            max={1000000}
            step={1}
            value={extra}
            error={extraProblem.errorOf('extraContribution')}
            onChange={(e) => setExtra(e.target.value)}
          />
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={() => void next(0)} disabled={busy}>
              {t('passes.skip')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('passes.withContribution')}
            </button>
          </div>
        </form>
      </Dialog>
    );
  }
  return (
    <Dialog title={t('passes.registerTitle')} onClose={onClose}>
      <form onSubmit={register} noValidate ref={regForm}>
        <Field
          label={t('form.fullName')}
          name="name"
          autoComplete="name"
          value={reg.name}
          error={regProblem.errorOf('name')}
          onChange={setR('name')}
        />
        <Field
          label={t('form.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={reg.email}
          error={regProblem.errorOf('email')}
          onChange={setR('email')}
        />
        <Field
          label={t('form.mobile')}
          type="tel"
          name="mobile"
          autoComplete="tel"
          value={reg.mobile}
          error={regProblem.errorOf('mobile')}
          onChange={setR('mobile')}
        />
        <Field
          label={t('form.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          value={reg.password}
          error={regProblem.errorOf('password')}
          onChange={setR('password')}
        />
        <p className="hint">{t('signup.passwordHint')}</p>
        <div className="dialog-actions">
          <Link to={`${paths.login}?next=${encodeURIComponent(paths.dmPass)}`} className="btn btn-ghost">
            {t('passes.haveAccount')}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('passes.register')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
