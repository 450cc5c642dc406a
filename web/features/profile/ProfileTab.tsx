// The profile's Profile tab (SPEC.md section 9): the member's details, their message channels and their data.
// It is not the tab the page opens on, so it loads when first opened (docs/decisions/176).
import { t } from '../../../core/i18n';
import { tm } from '../../../core/messages/member.en';
import { useToast } from '../../components/toast';
import { updateUserInfo } from '../../lib/session';
import { useAction, useLoad } from '../../lib/use-action';
import { getUserProfile, sendVerificationEmail } from './api';
import { ChannelPrefs } from './ChannelPrefs';
import { YourData } from './YourData';

export function ProfileTab() {
  const { data: profile, setData: setProfile } = useLoad(async () => {
    const p = await getUserProfile();
    updateUserInfo({ emailVerified: p.emailVerified, name: p.name, email: p.email });
    return p;
  }, []);
  const { run, busy } = useAction();
  const toast = useToast();

  if (!profile) {
    return (
      <>
        <p>{t('layout.loading')}</p>
        <ChannelPrefs />
      </>
    );
  }
  return (
    <>
      <dl className="profile">
        <dt>{tm('profile.name')}</dt>
        <dd>{profile.name}</dd>
        <dt>{tm('profile.email')}</dt>
        <dd>
          {profile.email}{' '}
          {profile.emailVerified ? (
            <span className="badge badge-success">{tm('profile.emailVerified')}</span>
          ) : (
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              onClick={() => run(async () => toast.success((await sendVerificationEmail()).message))}
            >
              {tm('profile.sendVerification')}
            </button>
          )}
        </dd>
        <dt>{tm('profile.mobile')}</dt>
        <dd>{profile.mobile}</dd>
      </dl>
      <ChannelPrefs />
      <YourData profile={profile} onSaved={setProfile} />
    </>
  );
}
