// the strings every screen shows, before any module that may use them (docs/decisions/115)
import '../core/messages/areas/web';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes, preloadScreen } from './app/router';
import { ToastProvider } from './components/toast';
import { startLocale, useLocale } from './lib/locale';
import { registerServiceWorker } from './lib/pwa';
import './styles.css';

/** The whole app, drawn again from the top when the language changes (the nav's switch). */
function App() {
  const locale = useLocale();
  return (
    <StrictMode>
      <ToastProvider key={locale}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ToastProvider>
    </StrictMode>
  );
}

// A public page arrives prerendered in English (scripts/prerender.tsx, docs/decisions/112): React takes over
// its HTML. In Bengali, and on every other route or a page the service worker answers offline, React draws
// the page itself (docs/decisions/120).
// Its screen's chunk is loaded first (the page preloads it), so that React hydrates the whole page in one pass.
void startLocale().then(async (locale) => {
  const root = document.getElementById('root')!;
  if (root.firstElementChild && locale === 'en') {
    await preloadScreen(location.pathname).catch(() => {});
    hydrateRoot(root, <App />);
  } else createRoot(root).render(<App />);
});
void registerServiceWorker();
