// Each server call is made by one function of the web (docs/decisions/196, 272): a second copy of a call is a second
// place to change when its body does. Every `api('name'` is counted, so a second function in the same file fails as
// a copy in another file does. Features do not import each other, so a call two features make lives with the shared
// code both load already; the exceptions below would each cost the budgeted pages bytes (measured, decision 272).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** call name -> the file (under web/) of each `api('name'` that makes it, once per place. */
function callSites(files: Record<string, string>): Map<string, string[]> {
  const sites = new Map<string, string[]>();
  for (const [file, text] of Object.entries(files)) {
    for (const m of text.matchAll(/\bapi\(\s*['"`](\w+)['"`]/g)) {
      const name = m[1] ?? '';
      sites.set(name, [...(sites.get(name) ?? []), file]);
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
 * Calls made from more than one place, and why. /membership, /sponsorship and /dmPass are at their first-load budget:
 * every home for the shop's calls outside their chunk cost them bytes (a chunk of its own, about 190 bytes; the
 * entry, about 40 there and 70 on every page), so the shop keeps its catalogue reads and its /addToCart, and the
 * profile and the checkout share one put-back (web/lib/offline-read.ts). The venue's collection goes through its
 * offline engine, the admin's by hand: no module both load but the entry. /startOrder has two variants, each typed by
 * its own answer.
 */
const ALLOWED: Record<string, string[]> = {
  addToCart: ['web/features/contribute/api.ts', 'web/lib/offline-read.ts'],
  getProducts: ['web/features/contribute/api.ts', 'web/features/profile/contributions-api.ts'],
  getUProducts: ['web/features/contribute/api.ts', 'web/features/profile/contributions-api.ts'],
  markCouponCollected: ['web/features/admin/api.ts', 'web/features/venue/engine.ts'],
  startOrder: ['web/features/checkout/api.ts', 'web/features/checkout/api.ts'],
};

describe('one call, one function', () => {
  it('finds every place that makes a call, two in one file as two', () => {
    const sites = callSites({
      'a.ts': "api('x'); api(\"x\", {}); request('y')",
      'b.tsx': "await api(`x`, { q }); api(\n  'z')",
    });
    expect(Object.fromEntries(sites)).toEqual({ x: ['a.ts', 'a.ts', 'b.tsx'], z: ['b.tsx'] });
  });

  it('the web makes each call from one place, but for the listed exceptions', () => {
    const sites = callSites(webSources());
    expect(sites.size).toBeGreaterThan(50); // the walk found the calls
    const repeated = Object.fromEntries(
      [...sites].filter(([, files]) => files.length > 1).map(([name, files]) => [name, [...files].sort()]),
    );
    expect(repeated).toEqual(ALLOWED);
  });

  // A feature's screens call the named functions of its api module(s), so that a call's body is written where the
  // other calls of the feature are (docs/decisions/272). Shared components (web/components) hold their own calls.
  it("a feature's screens make no call themselves", () => {
    const screens = Object.entries(webSources()).filter(([file]) => /^web\/features\/.*\.tsx$/.test(file));
    expect(screens.length).toBeGreaterThan(40);
    const calling = screens.filter(([, text]) => callSites({ x: text }).size > 0).map(([file]) => file);
    expect(calling).toEqual([]);
  });
});
