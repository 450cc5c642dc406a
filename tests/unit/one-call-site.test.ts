// Each server call is made by one function of the web (docs/decisions/196): a second copy of a call is a second
// place to change when its body does. Features do not import each other, so a call two features make lives with
// the shared code both load already; the exceptions below would each cost a chunk of its own (bytes on every page).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** call name -> the files (under web/) that make it with `api('name'`. */
function callSites(files: Record<string, string>): Map<string, string[]> {
  const sites = new Map<string, string[]>();
  for (const [file, text] of Object.entries(files)) {
    for (const m of text.matchAll(/\bapi\(\s*['"`](\w+)['"`]/g)) {
      const name = m[1] ?? '';
      const list = sites.get(name) ?? [];
      if (!list.includes(file)) list.push(file);
      sites.set(name, list);
    }
  }
  return sites;
}

function webSources(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
        out[path.relative(root, p).split(path.sep).join('/')] = readFileSync(p, 'utf8');
    }
  };
  walk(path.join(root, 'web'));
  return out;
}

/**
 * Calls made from more than one file, and why. The contribution screens' first load is at its budget: their copies
 * stay in their chunk; the checkout and the profile put an order's lines back with a one-line call of their own.
 * The nav's live check is in every page's entry: a module shared with the shop split that entry (about 800 bytes
 * more on every page, measured). The venue's collection goes through its offline engine, the admin's by hand.
 */
const ALLOWED: Record<string, string[]> = {
  addToCart: [
    'web/features/checkout/api.ts',
    'web/features/contribute/api.ts',
    'web/features/profile/contributions-api.ts',
  ],
  getProducts: ['web/features/contribute/api.ts', 'web/features/profile/contributions-api.ts'],
  getUProducts: ['web/features/contribute/api.ts', 'web/features/profile/contributions-api.ts'],
  isMembershipLive: ['web/components/layout/Nav.tsx', 'web/features/contribute/api.ts'],
  markCouponCollected: ['web/features/admin/api.ts', 'web/features/venue/engine.ts'],
};

describe('one call, one function', () => {
  it('finds the files that make a call, once per file', () => {
    const sites = callSites({
      'a.ts': "api('x'); api(\"x\", {}); request('y')",
      'b.tsx': "await api(`x`, { q }); api(\n  'z')",
    });
    expect(Object.fromEntries(sites)).toEqual({ x: ['a.ts', 'b.tsx'], z: ['b.tsx'] });
  });

  it('the web makes each call from one file, but for the listed exceptions', () => {
    const sites = callSites(webSources());
    expect(sites.size).toBeGreaterThan(50); // the walk found the calls
    const repeated = Object.fromEntries(
      [...sites].filter(([, files]) => files.length > 1).map(([name, files]) => [name, [...files].sort()]),
    );
    expect(repeated).toEqual(ALLOWED);
  });
});
