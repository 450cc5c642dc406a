// Settings: the two switches, the bank details, the convenience charge, the membership fee waiver for sponsoring
// families (docs/decisions/255), the 80G registration (260); the roles below them.
import { type FormEvent, useRef, useState } from 'react';
import { type AdminSettings, updateSettingsRequest } from '../../../core/contracts/admin';
import { t } from '../../../core/i18n';
import { ta } from '../../../core/messages/admin.en';
import { MAX_WAIVER_TIERS } from '../../../core/pricing';
import { Field, useFieldError } from '../../components/forms';
import { useToast } from '../../components/toast';
import type { CallBody } from '../../lib/calls';
import { formProblem } from '../../lib/form-check';
import { useAction, useLoad } from '../../lib/use-action';
import { getAdminSettings, updateSettings } from './api';
import { RolesSection } from './RolesSection';

/** A waiver tier as typed: text until it is sent. */
type TierForm = { minSponsorship: string; members: string };
const tiersOf = (s: AdminSettings): TierForm[] =>
  s.membershipWaiver.tiers.map((t) => ({ minSponsorship: String(t.minSponsorship), members: String(t.members) }));

/** The form field a problem's path or a refusal names: `membershipWaiver.tiers.1.members ...` is `waiver-1-members`. */
function waiverField(message: string): string | null {
  const m = /^membershipWaiver\.tiers(?:\.(\d+)\.(minSponsorship|members))?\b/.exec(message);
  if (!m) return null;
  return m[1] ? `waiver-${m[1]}-${m[2]}` : 'waiver-0-minSponsorship';
}

/** A tier's problem under its box: without the path, which the box's label says. */
const underTier = (text: string) => text.replace(/^membershipWaiver\.tiers(\.\d+\.(minSponsorship|members))?\s*/, '');

export function SettingsTab() {
  const [charge, setCharge] = useState('');
  const [tiers, setTiers] = useState<TierForm[]>([]);
  const { data: s, setData: setS } = useLoad(async () => {
    const got = await getAdminSettings();
    setCharge(String(got.convenienceChargePercent));
    setTiers(tiersOf(got));
    return got;
  }, []);
  const { run, busy } = useAction();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const problem = useFieldError();

  if (!s) return <p className="loading">{t('layout.loading')}</p>;
  const setBank = (k: keyof AdminSettings['bank']) => (e: { target: { value: string } }) =>
    setS({ ...s, bank: { ...s.bank, [k]: e.target.value } });
  const setTier = (i: number, k: keyof TierForm) => (e: { target: { value: string } }) => {
    problem.clear();
    setTiers(tiers.map((tier, j) => (j === i ? { ...tier, [k]: e.target.value } : tier)));
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    problem.clear();
    const body = {
      membershipLive: s.membershipLive,
      dailyPassLive: s.dailyPassLive,
      bank: s.bank,
      convenienceChargePercent: Number(charge),
      eightyG: s.eightyG?.trim() || null,
      membershipWaiver: {
        enabled: s.membershipWaiver.enabled,
        // a blank box is left empty, so that the contract names it
        tiers: tiers.map((tier) => ({
          minSponsorship: tier.minSponsorship.trim() === '' ? null : Number(tier.minSponsorship),
          members: tier.members.trim() === '' ? null : Number(tier.members),
        })),
      },
    };
    // the contract's rules (a larger threshold waives more members, ...) checked before the call, at the field
    const bad = formProblem(updateSettingsRequest, body, waiverField);
    if (bad) return bad.field ? problem.show(form.current, bad.field, underTier(bad.text)) : toast.error(bad.text);
    void run(
      async () => {
        const r = await updateSettings(body as CallBody<'updateSettings'>);
        setS(r);
        setTiers(tiersOf(r));
        toast.success(t('admin.settings.saved'));
      },
      (err) => {
        const field = err.code === 'BadRequest' ? waiverField(err.message) : null;
        if (field) problem.show(form.current, field, underTier(err.message));
        else toast.error(err.message);
      },
    );
  };

  return (
    <div>
      <form className="admin-form" onSubmit={save} ref={form}>
        <label className="admin-check">
          <input
            type="checkbox"
            checked={s.membershipLive}
            onChange={(e) => setS({ ...s, membershipLive: e.target.checked })}
          />
          {ta('adm.membershipLive')}
        </label>
        <label className="admin-check">
          <input
            type="checkbox"
            checked={s.dailyPassLive}
            onChange={(e) => setS({ ...s, dailyPassLive: e.target.checked })}
          />
          {ta('adm.dailyPassLive')}
        </label>
        <Field label={ta('adm.payee')} value={s.bank.payee} onChange={setBank('payee')} />
        <Field
          label={ta('adm.accountNumber')}
          inputMode="numeric"
          value={s.bank.accountNumber}
          onChange={setBank('accountNumber')}
        />
        <Field label={ta('adm.ifsc')} value={s.bank.ifsc} onChange={setBank('ifsc')} />
        <Field label={ta('adm.bankName')} value={s.bank.bankName} onChange={setBank('bankName')} />
        <Field label={ta('adm.upi')} value={s.bank.upiVpa} onChange={setBank('upiVpa')} />
        <Field
          label={ta('adm.convenience')}
          inputMode="decimal"
          value={charge}
          onChange={(e) => setCharge(e.target.value)}
        />
        <fieldset className="waiver-settings" data-testid="waiver-settings">
          <legend>{ta('adm.waiverTitle')}</legend>
          <p className="hint">{ta('adm.waiverHint')}</p>
          <label className="admin-check">
            <input
              type="checkbox"
              name="waiver-enabled"
              checked={s.membershipWaiver.enabled}
              onChange={(e) => setS({ ...s, membershipWaiver: { ...s.membershipWaiver, enabled: e.target.checked } })}
            />
            {ta('adm.waiverEnabled')}
          </label>
          {tiers.map((tier, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a tier has no identity beyond its place in the list
            <div className="waiver-tier" key={i}>
              <Field
                label={ta('adm.waiverThreshold')}
                name={`waiver-${i}-minSponsorship`}
                inputMode="decimal"
                value={tier.minSponsorship}
                onChange={setTier(i, 'minSponsorship')}
                error={problem.errorOf(`waiver-${i}-minSponsorship`)}
              />
              <Field
                label={ta('adm.waiverMembers')}
                name={`waiver-${i}-members`}
                inputMode="numeric"
                value={tier.members}
                onChange={setTier(i, 'members')}
                error={problem.errorOf(`waiver-${i}-members`)}
              />
              {tiers.length > 1 && (
                <button
                  type="button"
                  className="btn btn-small btn-ghost"
                  onClick={() => setTiers(tiers.filter((_, j) => j !== i))}
                >
                  {ta('adm.waiverRemove')}
                </button>
              )}
            </div>
          ))}
          {tiers.length < MAX_WAIVER_TIERS && (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setTiers([...tiers, { minSponsorship: '', members: '' }])}
            >
              {ta('adm.waiverAdd')}
            </button>
          )}
        </fieldset>
        {/* printed on receipts only when set; today the association has none (the T&C says so) */}
        <Field
          label={ta('rcpt.eightyG')}
          value={s.eightyG ?? ''}
          maxLength={300}
          onChange={(e) => setS({ ...s, eightyG: e.target.value })}
        />
        <small className="hint">{ta('rcpt.eightyGHint')}</small>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('admin.settings.save')}
        </button>
      </form>
      <RolesSection />
    </div>
  );
}
