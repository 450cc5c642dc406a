import { tm } from '../../../core/messages/member.en';
import { t } from '../../../core/i18n';
import { lazy, Suspense, useState } from 'react';
import { PushOffer } from './PushOffer';
import { RenewalCard } from './RenewalCard';
import { ContributionsTab } from './ContributionsTab';

// Contribution is the tab the page opens on; the Profile tab loads when first opened (docs/decisions/176)
const ProfileTab = lazy(() => import('./ProfileTab').then((m) => ({ default: m.ProfileTab })));

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
          <Suspense fallback={<p>{t('layout.loading')}</p>}>
            <ProfileTab />
          </Suspense>
        </div>
      ) : (
        <div role="tabpanel" id="panel-contribution" aria-labelledby="tab-contribution">
          <ContributionsTab />
        </div>
      )}
    </section>
  );
}
