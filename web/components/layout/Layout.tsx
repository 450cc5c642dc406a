import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { t } from '../../../core/i18n';
import { OfflineBanner } from '../OfflineBanner';
import { UpdatePrompt } from '../UpdatePrompt';
import { Footer } from './Footer';
import { Nav } from './Nav';
import { ScrollManager } from './ScrollManager';

/**
 * The nav and the footer are boundaries of their own (as is each screen, web/app/router.tsx): on a prerendered
 * page React hydrates them one at a time, in slices, and a first tap on one of them hydrates that part at once
 * rather than the whole page (selective hydration, docs/decisions/171). Neither ever suspends.
 */
export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skip')}
      </a>
      <Suspense>
        <Nav />
      </Suspense>
      <OfflineBanner />
      <main id="main" className="main">
        <Outlet />
      </main>
      <UpdatePrompt />
      <Suspense>
        <Footer />
      </Suspense>
      <ScrollManager />
    </>
  );
}
