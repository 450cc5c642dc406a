// The catalogue by area (docs/decisions/115): t() knows an area's keys only once its module ran, so every file
// that names a key must load that key's area. This reads the sources, as the bundler does, and fails when a file
// names a key of an area that nothing on its way loads; the second part shows what happens then.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AREAS } from './areas/all';

const ROOT = path.resolve(import.meta.dirname, '../..');
const AREA_DIR = 'core/messages/areas';
// What core/i18n.ts registers itself: everywhere (shared) and in the Worker and tests (server, docs/decisions/115).
const IN_THE_WORKER = ['shared', 'server'];
// Screens whose own files do not import their area: the route module that loads them does (web/app/).
const ROUTE_MODULES: Record<string, string> = { 'web/features/admin/': 'web/app/admin/AdminPage.tsx' };

const areaOf = new Map<string, string>();
for (const [area, [english]] of Object.entries(AREAS)) for (const k of Object.keys(english)) areaOf.set(k, area);

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return rel === 'core/messages' || e.name === 'node_modules' ? [] : sources(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

const text = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The files a module imports (relative specifiers only), as repository paths without the extension. */
function importsOf(file: string): string[] {
  return [...text(file).matchAll(/(?:^|\n)\s*(?:import|export)\s[^'";]*?['"](\.[^'"]+)['"]/g)].map((m) =>
    path.posix.join(path.posix.dirname(file), m[1]!).replace(/\.tsx?$/, ''),
  );
}

/** The areas a file loads itself: core/messages/areas/<area> imports. */
const ownAreas = (file: string) =>
  importsOf(file)
    .filter((p) => p.startsWith(`${AREA_DIR}/`) && !p.includes('.'))
    .map((p) => p.slice(AREA_DIR.length + 1));

/** The keys of a non-shared area that a file names ('venue.title' as a string literal). */
function keysIn(file: string): string[] {
  return [...new Set([...text(file).matchAll(/['"`]([\w.]+)['"`]/g)].map((m) => m[1]!))].filter(
    (k) => areaOf.has(k) && areaOf.get(k) !== 'shared',
  );
}

const web = sources('web');
// every screen: the shared strings and what the app's entry loads before anything else (the `web` area)
const EVERYWHERE = ['shared', ...ownAreas('web/main.tsx')];
const others = [...sources('worker'), ...sources('core')];

function available(file: string): string[] {
  if (!file.startsWith('web/')) return IN_THE_WORKER;
  const route = Object.entries(ROUTE_MODULES).find(([dir]) => file.startsWith(dir))?.[1];
  return [...EVERYWHERE, ...ownAreas(file), ...(route ? ownAreas(route) : [])];
}

describe('every key a file names is loaded with it', () => {
  it('in the screens: the file, or the route module of its folder, imports the area', () => {
    const missing = web.flatMap((f) =>
      keysIn(f)
        .filter((k) => !available(f).includes(areaOf.get(k)!))
        .map((k) => `${f}: ${k} (${areaOf.get(k)})`),
    );
    expect(missing).toEqual([]);
  });

  it('in the Worker and core: the shared and server areas, or every screen that imports a core module', () => {
    const missing = others.flatMap((f) => {
      const extra = keysIn(f).filter((k) => !IN_THE_WORKER.includes(areaOf.get(k)!));
      if (extra.length === 0) return [];
      // a core helper that names a screen's keys: every screen importing it loads the area,
      // and the Worker does not import it
      const id = f.replace(/\.tsx?$/, '');
      const importers = [...web, ...others].filter((g) => importsOf(g).includes(id));
      return extra.flatMap((k) =>
        importers
          .filter((g) => !g.startsWith('web/') || !available(g).includes(areaOf.get(k)!))
          .map((g) => `${f} (imported by ${g}): ${k} (${areaOf.get(k)})`)
          .concat(f.startsWith('worker/') ? [`${f}: ${k} (${areaOf.get(k)})`] : []),
      );
    });
    expect(missing).toEqual([]);
  });

  it("loads the entry's areas first, in the app and in the prerender", () => {
    for (const entry of ['web/main.tsx', 'web/prerender/render.tsx']) {
      expect(ownAreas(entry), entry).toEqual(['web']);
      expect(importsOf(entry)[0], entry).toBe(`${AREA_DIR}/web`);
    }
  });

  it('finds the keys it checks (the scan is not empty)', () => {
    expect(keysIn('web/features/venue/VenueScreen.tsx')).toContain('venue.title');
    expect(ownAreas('web/features/venue/VenueScreen.tsx')).toEqual(['venue']);
    expect(available('web/features/admin/OrderTabs.tsx')).toContain('console');
    expect(keysIn('web/features/profile/ContributionsTab.tsx')).toContain('profile.showPass');
    expect(keysIn('worker/services/venue/collection.ts')).toContain('venue.collected');
  });
});

describe('an area nothing loaded', () => {
  it('is unknown to t() (as any missing key) until its module runs', async () => {
    vi.resetModules();
    const { t } = await import('../i18n');
    expect(t('pass.qrTitle')).toBe('Your pass'); // the shared strings: core/i18n.ts registers them
    expect(() => t('nav.home')).toThrow(TypeError); // the screens' frame: web/main.tsx loads it
    expect(t('auth.required')).toBe(AREAS.server![0]['auth.required']); // core/i18n.ts registers it outside the browser
    expect(() => t('venue.title')).toThrow(TypeError);
    await import('./areas/venue');
    expect(t('venue.title')).toBe(AREAS.venue![0]['venue.title']);
  });
});
