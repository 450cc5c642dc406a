// Types of scripts/bench-frontend.mjs for the TypeScript tests that import it.
export type RouteSource = { component: string; source: string };
export function routeSources(): Record<string, RouteSource>;
export function bundleSizes(distDir: string): {
  entry: { jsGzip: number; cssGzip: number };
  routes: Record<string, RouteSource & { jsGzip: number; cssGzip: number; jsFiles: number; cssFiles: number }>;
};
export function lighthouseScreens(
  baseUrl: string,
  screens: { route: string; userInfo: unknown }[],
  log?: (line: string) => void,
): Promise<Record<string, Record<string, unknown>>>;
