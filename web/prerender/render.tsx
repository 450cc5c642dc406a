// Build-time rendering of the public pages (docs/decisions/112): the same tree as web/main.tsx, with a
// StaticRouter at the page's path and no stored session, so that the browser's first render of that page
// (hydration) draws exactly this HTML. Run by the prerender plugin in vite.config.ts, in Node.
// the strings every screen shows, as web/main.tsx loads them first (docs/decisions/115)
import '../../core/messages/areas/web';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from '../app/router';
import { ToastProvider } from '../components/toast';

export { PRERENDERED_ROUTES, prerenderedFile } from './routes';

/** The HTML inside #root for `route`, once every lazy screen on it has loaded. */
export async function render(route: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ToastProvider>
        <StaticRouter location={route}>
          <AppRoutes />
        </StaticRouter>
      </ToastProvider>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
