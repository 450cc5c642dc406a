// How a call is authorised and where it reads is said by its declaration (worker/lib/call.ts, docs/decisions/186),
// never by a list of paths kept elsewhere: this scan fails on a list of API paths or call names in worker/, core/ or
// web/, and on a rule that looks the request's path up in a set. The web's call map is derived from the declarations
// (web/lib/calls.ts, docs/decisions/269), and which answers a screen keeps offline is said where it reads.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

const sources = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : /\.(ts|tsx|mjs)$/.test(e.name) && !e.name.endsWith('.test.ts')
        ? [path.join(dir, e.name)]
        : [],
  );

/** The declared calls' names, from the routes' `.post('/name'` (and `.get`). */
function callNames(): Set<string> {
  const routes = sources('worker/routes').map((f) => readFileSync(path.join(root, f), 'utf8'));
  return new Set(routes.flatMap((s) => [...s.matchAll(/\.(?:post|get)\(\s*'\/([\w/]+)'/g)].map((m) => m[1]!)));
}

function pathLists(file: string, source: string, names: Set<string>): string[] {
  const found: string[] = [];
  // an array literal (a Set's or any other) of two or more strings
  for (const [list] of source.matchAll(/\[\s*(?:'[^'\n]*'\s*,\s*)+'[^'\n]*'\s*,?\s*\]/g)) {
    const items = [...list.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
    const calls = items.filter((s) => /^\/api\//.test(s) || names.has(s.replace(/^\//, '')));
    if (calls.length >= 2) found.push(`${file}: a list of calls ${calls.slice(0, 3).join(', ')}`);
  }
  if (/\.has\(\s*c\.req\.path\s*\)/.test(source)) found.push(`${file}: looks c.req.path up in a set`);
  return found;
}

describe('no list of API paths outside the declarations', () => {
  it('worker/, core/ and web/ hold none', () => {
    const names = callNames();
    expect(names.size).toBeGreaterThan(100); // the walk found the routes
    const files = [...sources('worker'), ...sources('core'), ...sources('web')];
    const found = files.flatMap((f) => pathLists(f, readFileSync(path.join(root, f), 'utf8'), names));
    expect(found).toEqual([]);
  });

  it('catches the path sets as they were', () => {
    const names = new Set(['getProducts', 'getPlans', 'login']);
    const before = `export const REPLICA_READS = new Set([
  '/api/isMembershipLive',
  '/api/getUProducts',
]);
const OPEN = ['getProducts', 'getPlans'];
const replica = REPLICA_READS.has(c.req.path);
const fine = ['id', 'name'];`;
    expect(pathLists('old.ts', before, names)).toEqual([
      'old.ts: a list of calls /api/isMembershipLive, /api/getUProducts',
      'old.ts: a list of calls getProducts, getPlans',
      'old.ts: looks c.req.path up in a set',
    ]);
  });
});
