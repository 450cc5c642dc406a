// the strings every screen shows, before any module that may use them (docs/decisions/115)
import '../core/messages/areas/web';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes, preloadScreen } from './app/router';
import { ToastProvider } from './components/toast';
import { startLocale, useLocale } from './lib/locale';
import { registerServiceWorkerWhenIdle } from './lib/pwa';
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
// Both happen inside a transition, which React renders in slices of a few milliseconds with the browser free in
// between, instead of one long task: a tap on a part not yet hydrated is handled first (selective hydration),
// and the page on screen stays as it is until the new one is ready (docs/decisions/171).
void startLocale().then(async (locale) => {
  const root = document.getElementById('root')!;
  const hydrating = Boolean(root.firstElementChild) && locale === 'en';
  if (hydrating) {
    await preloadScreen(location.pathname).catch(() => {});
    startTransition(() => {
      hydrateRoot(root, <App />);
    });
  } else {
    const app = createRoot(root);
    startTransition(() => app.render(<App />));
  }
  // React listens from here on: a tap made on the prerendered page before now is handed over
  // (web/prerender/after-paint.js)
  document.dispatchEvent(new CustomEvent('app:started', { detail: { hydrating } }));
});
registerServiceWorkerWhenIdle();
