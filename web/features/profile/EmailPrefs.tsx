// The profile's email choice: renewal reminders on or off (order emails always go out).
import { useEffect, useState } from 'react';
import { tr } from '../../../core/renewals/messages.en';
import { useToast } from '../../components/toast';
import { useAction } from '../../lib/use-action';
import { getEmailPrefs, setEmailPrefs } from '../../lib/renewals-api';
import './profile.css';

export function EmailPrefs() {
  const [on, setOn] = useState<boolean | null>(null);
  const { run, busy } = useAction();
  const toast = useToast();
  useEffect(() => {
    let live = true;
    getEmailPrefs()
      .then((p) => live && setOn(p.renewalReminders))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  if (on === null) return null;
  return (
    <fieldset className="email-prefs">
      <legend>{tr('prefs.title')}</legend>
      <label>
        <input
          type="checkbox"
          checked={on}
          disabled={busy}
          onChange={(e) => {
            const next = e.target.checked;
            void run(async () => {
              const r = await setEmailPrefs(next);
              setOn(r.renewalReminders);
              toast.success(r.message);
            });
          }}
        />
        {tr('prefs.reminders')}
      </label>
      <p className="hint">{tr('prefs.hint')}</p>
    </fieldset>
  );
}
