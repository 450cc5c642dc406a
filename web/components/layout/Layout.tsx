import { Outlet } from 'react-router-dom';
import { t } from '../../../core/i18n';
import { OfflineBanner } from '../OfflineBanner';
import { UpdatePrompt } from '../UpdatePrompt';
import { Footer } from './Footer';
import { Nav } from './Nav';
import { ScrollManager } from './ScrollManager';

export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skip')}
      </a>
      <Nav />
      <OfflineBanner />
      <main id="main" className="main">
        <Outlet />
      </main>
      <UpdatePrompt />
      <Footer />
      <ScrollManager />
    </>
  );
}
