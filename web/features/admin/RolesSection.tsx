// Roles: who is an admin or a volunteer, granted and removed by email.
import { useState } from 'react';
import { setUserRoleRequest } from '../../../core/contracts/admin';
import { t } from '../../../core/i18n';
import { ta } from '../../../core/messages/admin.en';
import { Field } from '../../components/forms';
import { useToast } from '../../components/toast';
import { formProblem } from '../../lib/form-check';
import { useAction, useLoad } from '../../lib/use-action';
import { getStaff, setUserRole } from './api';
import { ScrollBox } from './ScrollBox';

export function RolesSection() {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'admin' | 'volunteer'>('volunteer');
  const { run, busy: acting } = useAction();
  const loaded = useLoad(getStaff, []);
  const staff = loaded.data ?? [];
  const setStaff = loaded.setData;
  // the buttons wait for the list, as they did when it loaded through the action runner
  const busy = acting || loaded.loading;
  const toast = useToast();
  const change = (who: string, r: 'admin' | 'volunteer', granted: boolean) =>
    run(async () => {
      const bad = formProblem(setUserRoleRequest, { email: who.trim(), role: r, granted });
      if (bad) return toast.error(bad.text);
      const res = await setUserRole(who, r, granted);
      toast.success(res.message);
      setStaff(await getStaff());
    });

  return (
    <section>
      <h2>{ta('col.staff')}</h2>
      <ScrollBox label={ta('col.staff')}>
        <table className="admin-table stack-table">
          <thead>
            <tr>
              <th>{ta('col.name')}</th>
              <th>{ta('col.email')}</th>
              <th>{ta('col.admin')}</th>
              <th>{ta('col.volunteer')}</th>
            </tr>
          </thead>
          <tbody>
            {staff.map((m) => (
              <tr key={m.id}>
                <td className="stack-title">{m.name}</td>
                <td data-label={ta('col.email')}>{m.email}</td>
                <td data-label={ta('col.admin')}>
                  {m.admin ? `${ta('adm.yes')} ` : ''}
                  {m.admin ? (
                    <button
                      type="button"
                      className="link-button"
                      disabled={busy}
                      onClick={() => change(m.email, 'admin', false)}
                    >
                      {t('admin.roles.remove')}
                    </button>
                  ) : null}
                </td>
                <td data-label={ta('col.volunteer')}>
                  {m.volunteer ? `${ta('adm.yes')} ` : ''}
                  {m.volunteer ? (
                    <button
                      type="button"
                      className="link-button"
                      disabled={busy}
                      onClick={() => change(m.email, 'volunteer', false)}
                    >
                      {t('admin.roles.remove')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <form
        className="admin-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          void change(email, role, true);
        }}
      >
        <Field label={ta('adm.accountEmail')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <div className="field">
          <label htmlFor="role-select">{ta('adm.role')}</label>
          <select id="role-select" value={role} onChange={(e) => setRole(e.target.value as 'admin' | 'volunteer')}>
            <option value="volunteer">{ta('col.volunteer')}</option>
            <option value="admin">{ta('col.admin')}</option>
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('admin.roles.grant')}
        </button>
      </form>
    </section>
  );
}
