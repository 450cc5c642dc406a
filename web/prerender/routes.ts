import { paths } from '../app/paths';

/**
 * The public pages that arrive as HTML (docs/decisions/112): built by web/prerender/render.tsx from the same
 * components, written to dist/prerendered/, and answered for these paths by dist/_redirects (a 200 rewrite of
 * Workers static assets). Pages that need a session, and anything else, start from the empty shell.
 */
export const PRERENDERED_ROUTES = [
  paths.home,
  paths.responsibility,
  paths.tnc,
  paths.sponsors,
  paths.magazine,
  paths.year2023,
  paths.corporate,
] as const;

/** dist/prerendered/<file> of a route: '/index' -> 'index.html', '/2023' -> '2023.html'. */
export const prerenderedFile = (route: string) => `${route.replace(/^\//, '')}.html`;
