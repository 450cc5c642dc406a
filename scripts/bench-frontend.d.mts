// Types of scripts/bench-frontend.mjs for the TypeScript tests that import it.
export type RouteSource = { component: string; source: string };
export function routeSources(): Record<string, RouteSource>;
export function bundleSizes(distDir: string): {
  entry: { jsGzip: number; cssGzip: number };
  routes: Record<string, RouteSource & { jsGzip: number; cssGzip: number; jsFiles: number; cssFiles: number }>;
};
export const LIGHTHOUSE_SETTINGS: Record<string, unknown>;
export function floorHtml(html: string): string;
export function writeFloorPages(distDir: string, routes: string[]): { pages: Record<string, string>; remove(): void };
export function median(xs: (number | null | undefined)[]): number | null;
export function summarize(runs: Record<string, unknown>[]): Record<string, unknown>;
export function lighthouseScreens(
  baseUrl: string,
  screens: { route: string; userInfo?: unknown; lang?: string; label?: string; floor?: string }[],
  options?: { runs?: number; keepDir?: string | null; log?: (line: string) => void },
): Promise<Record<string, Record<string, unknown>>>;
export function interactionTimings(
  baseUrl: string,
  sessions: { member: unknown; volunteer: unknown; mobiles: string[] },
  options?: { runs?: number; log?: (line: string) => void },
): Promise<Record<string, unknown>>;
