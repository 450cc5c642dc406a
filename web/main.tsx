import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/router';
import { ToastProvider } from './components/toast';
import { registerServiceWorker } from './lib/pwa';
import './styles.css';

const app = (
  <StrictMode>
    <ToastProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ToastProvider>
  </StrictMode>
);

// A public page arrives prerendered (scripts/prerender.tsx, docs/decisions/112): React takes over its HTML.
// Every other route, and any page the service worker answers offline, starts from the empty shell.
const root = document.getElementById('root')!;
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
void registerServiceWorker();
