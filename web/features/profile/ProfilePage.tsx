import { tm } from '../../../core/messages/member.en';
import { t } from '../../../core/i18n';
import { useEffect, useState } from 'react';
import type { UserProfile } from '../../../core/contracts/accounts';
import { useToast } from '../../components/toast';
import { updateUserInfo } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import { getUserProfile, sendVerificationEmail } from './api';
import { ChannelPrefs } from './ChannelPrefs';
import { PushOffer } from './PushOffer';
import { RenewalCard } from './RenewalCard';
import { ContributionsTab } from './ContributionsTab';
import { YourData } from './YourData';

type Tab = 'profile' | 'contribution';

export function ProfilePage() {
  const [tab, setTab] = useState<Tab>('contribution'); // SPEC.md section 9: Contribution is the default tab
  return (
    <section className="page">
      <h1>{tm('profile.title')}</h1>
      <RenewalCard />
      <PushOffer />
      <div className="tabs" role="tablist" aria-label={tm('profile.sections')}>
        <button
          type="button"
          role="tab"
          id="tab-profile"
          aria-selected={tab === 'profile'}
          aria-controls="panel-profile"
          onClick={() => setTab('profile')}
        >
          {tm('profile.tabProfile')}
        </button>
        <button
          type="button"
          role="tab"
          id="tab-contribution"
          aria-selected={tab === 'contribution'}
          aria-controls="panel-contribution"
          onClick={() => setTab('contribution')}
        >
          {tm('profile.tabContribution')}
        </button>
      </div>
      {tab === 'profile' ? (
        <div role="tabpanel" id="panel-profile" aria-labelledby="tab-profile">
          <ProfileTab />
        </div>
      ) : (
        <div role="tabpanel" id="panel-contribution" aria-labelledby="tab-contribution">
          <ContributionsTab />
        </div>
      )}
    </section>
  );
}

function ProfileTab() {
  const [profile, setProfile] = useState<UserProfile | null>(null);
  const { run, busy } = useAction();
  const toast = useToast();

  useEffect(() => {
    void run(async () => {
      const p = await getUserProfile();
      setProfile(p);
      updateUserInfo({ emailVerified: p.emailVerified, name: p.name, email: p.email });
    });
  }, [run]);

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
