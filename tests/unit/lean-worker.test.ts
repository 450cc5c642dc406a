// The Worker bundle stays lean (docs/decisions/110): zod's named `z` export is a namespace object that bundlers
// must keep whole, with every locale (about 400 kB); `import * as z from 'zod'` lets esbuild keep only what is
// used. A value import of `{ z }` anywhere the Worker or core reaches fails here, before the bench notices.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('lean worker imports', () => {
  it('imports zod as a namespace (or as a type only) in worker/, core/ and schema/', () => {
    const offenders = ['worker', 'core', 'schema']
      .flatMap((d) => sources(path.join(ROOT, d)))
      .filter((file) => /^import\s+(?!type\b)[^;]*\{[^}]*\bz\b[^}]*\}\s+from\s+'zod'/m.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    expect(offenders, "write `import * as z from 'zod'`").toEqual([]);
  });

  it("builds the Worker's apps on hono/tiny (docs/decisions/142)", () => {
    // 'hono' itself brings its two fast routers (5 kB); the production Worker's apps use the pattern router. Local
    // mode's tools (worker/dev/) are left out of production builds and may use either.
    const offenders = sources(path.join(ROOT, 'worker'))
      .filter((file) => !file.includes(`${path.sep}dev${path.sep}`))
      .filter((file) => /^import\s+\{[^}]*\bHono\b[^}]*\}\s+from\s+'hono'/m.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    expect(offenders, "import { Hono } from 'hono/tiny'").toEqual([]);
  });
});
