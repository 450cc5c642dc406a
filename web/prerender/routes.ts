import { paths } from '../lib/paths';

/**
 * The public pages that arrive as HTML (docs/decisions/112): built by web/prerender/render.tsx from the same
 * components, written to dist/prerendered/, and answered for these paths by dist/_redirects (a 200 rewrite of
 * Workers static assets). Anything else starts from the empty shell.
 */
export const PUBLIC_ROUTES = [
  paths.home,
  paths.responsibility,
  paths.tnc,
  paths.sponsors,
  paths.magazine,
  paths.year2023,
  paths.corporate,
] as const;

/**
 * Screens behind a session that arrive as their frame (docs/decisions/116): the page as it stands before its
 * data, drawn without a session (heading, intro, "Loading…"), so that their first screen paints before any
 * JavaScript; React hydrates it, then checks the session (web/components/RequireSession.tsx) and loads the data.
 */
export const PRERENDERED_FRAMES = [paths.membership, paths.venue] as const;

export const PRERENDERED_ROUTES = [...PUBLIC_ROUTES, ...PRERENDERED_FRAMES] as const;

/** dist/prerendered/<file> of a route: '/index' -> 'index.html', '/2023' -> '2023.html'. */
export const prerenderedFile = (route: string) => `${route.replace(/^\//, '')}.html`;
