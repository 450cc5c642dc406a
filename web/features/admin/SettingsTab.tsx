// Settings: the two switches, the bank details, the convenience charge, the 80G registration; the roles below them.
import { type FormEvent, useEffect, useState } from 'react';
import type { AdminSettings } from '../../../core/contracts/admin';
import { t } from '../../../core/i18n';
import { ta } from '../../../core/messages/admin.en';
import { Field } from '../../components/forms';
import { useToast } from '../../components/toast';
import { useAction } from '../../lib/use-action';
import { getAdminSettings, updateSettings } from './api';
import { RolesSection } from './RolesSection';

export function SettingsTab() {
  const [s, setS] = useState<AdminSettings | null>(null);
  const [charge, setCharge] = useState('');
  const { run, busy } = useAction();
  const toast = useToast();
  useEffect(() => {
    void run(async () => {
      const got = await getAdminSettings();
      setS(got);
      setCharge(String(got.convenienceChargePercent));
    });
  }, [run]);

  if (!s) return <p className="loading">{t('layout.loading')}</p>;
  const setBank = (k: keyof AdminSettings['bank']) => (e: { target: { value: string } }) =>
    setS({ ...s, bank: { ...s.bank, [k]: e.target.value } });
  const save = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const r = await updateSettings({
        membershipLive: s.membershipLive,
        dailyPassLive: s.dailyPassLive,
        bank: s.bank,
        convenienceChargePercent: Number(charge),
        eightyG: s.eightyG?.trim() || null,
      });
      setS(r);
      toast.success(t('admin.settings.saved'));
    });
  };

  return (
    <div>
      <form className="admin-form" onSubmit={save}>
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
        {/* issue 25: printed on receipts only when set; today the association has none (the T&C says so) */}
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
