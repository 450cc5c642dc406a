import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check, type Graph, importsOf, scan } from './layers';

const root = path.resolve(import.meta.dirname, '../..');

describe('layers (docs/decisions/077)', () => {
  it('the tree keeps every layer rule and has no import cycle', () => {
    const graph = scan(root);
    expect(graph.size).toBeGreaterThan(100); // the walk found the sources
    expect(check(graph)).toEqual([]);
  });

  // the rules themselves, on small made-up graphs: each must catch what it is for
  const g = (edges: Record<string, (string | [string, 'type'])[]>): Graph =>
    new Map(
      Object.entries(edges).map(([f, tos]) => [
        f,
        tos.map((t) => (Array.isArray(t) ? { to: t[0], typeOnly: true } : { to: t, typeOnly: false })),
      ]),
    );

  it('catches each kind of violation, naming the files', () => {
    const found = check(
      g({
        'worker/lib/a.ts': ['worker/services/b.ts', 'web/content/association.json'],
        'worker/services/b.ts': ['worker/routes/c.ts', 'worker/lib/a2.ts'],
        'worker/lib/a2.ts': [],
        'worker/routes/c.ts': ['worker/routes/d.ts', 'worker/services/b.ts', 'worker/dev/x.ts'],
        'worker/routes/d.ts': [],
        'worker/dev/x.ts': ['worker/dev/y.ts'],
        'worker/dev/y.ts': [],
        'web/lib/calls.ts': [['worker/app.ts', 'type']],
        'web/lib/client.ts': [['worker/app.ts', 'type'], 'worker/lib/a2.ts', ['worker/services/b.ts', 'type']],
        'web/lib/u.ts': ['web/features/p/P.tsx', 'schema/t.ts'],
        'worker/services/e.ts': ['web/lib/u.ts'],
        'web/features/p/P.tsx': ['web/features/q/api.ts', 'web/features/p/api.ts', 'web/lib/paths.ts', 'web/lib/u.ts'],
        'web/features/q/api.ts': ['web/app/router.tsx'],
        'core/x.ts': ['schema/t.ts', 'drizzle-orm', 'zod'],
        'schema/t.ts': [],
      }),
    );
    expect(found).toEqual([
      'worker lib imports services: worker/lib/a.ts -> worker/services/b.ts',
      'worker services imports routes: worker/services/b.ts -> worker/routes/c.ts',
      'a route imports another route area: worker/routes/c.ts -> worker/routes/d.ts',
      'a route imports another route area: worker/routes/c.ts -> worker/dev/x.ts',
      'web imports worker (only `import type` of worker/app.ts, in web/lib/calls.ts): web/lib/client.ts -> worker/app.ts',
      'web imports worker (only `import type` of worker/app.ts, in web/lib/calls.ts): web/lib/client.ts -> worker/lib/a2.ts',
      'web imports worker (only `import type` of worker/app.ts, in web/lib/calls.ts): web/lib/client.ts -> worker/services/b.ts',
      'shared web code imports a feature: web/lib/u.ts -> web/features/p/P.tsx',
      'web imports schema (drizzle stays on the server): web/lib/u.ts -> schema/t.ts',
      'worker imports web (only the data of web/content/*.json): worker/services/e.ts -> web/lib/u.ts',
      'feature p imports feature q: web/features/p/P.tsx -> web/features/q/api.ts',
      'web code below web/app imports web/app (only paths.ts): web/features/q/api.ts -> web/app/router.tsx',
      'core imports outside core: core/x.ts -> schema/t.ts',
      'core imports a platform package: core/x.ts -> drizzle-orm',
      'import cycle: web/features/p/P.tsx -> web/lib/u.ts -> web/features/p/P.tsx',
      'import cycle: worker/routes/c.ts -> worker/services/b.ts -> worker/routes/c.ts',
    ]);
  });

  it('finds every circle of run-time imports and names all files of a bigger group; `import type` closes none', () => {
    const found = check(
      g({
        'core/a.ts': ['core/b.ts'],
        'core/b.ts': ['core/c.ts', 'core/d.ts'],
        'core/c.ts': ['core/a.ts'],
        'core/d.ts': ['core/b.ts'],
        'core/self.ts': ['core/self.ts'],
        'core/t1.ts': [['core/t2.ts', 'type']],
        'core/t2.ts': ['core/t1.ts'],
      }),
    );
    expect(found).toEqual([
      'import cycle: core/a.ts -> core/b.ts -> core/c.ts -> core/a.ts (group of 4: core/a.ts, core/b.ts, core/c.ts, core/d.ts)',
      'import cycle: core/self.ts -> core/self.ts',
    ]);
  });

  it('reads every form of import and leaves comments alone', () => {
    const src = [
      "import { a, type B } from './a';",
      "import type { C } from './c';",
      "import D, { e } from './d';",
      "import * as ns from './ns';",
      "export * from './star';",
      "export type { F } from './f';",
      'import {',
      '  g,',
      '  h,',
      "} from './gh';",
      "import './side.css';",
      "const L = lazy(() => import('./lazy'));",
      "// import { x } from './commented';",
      "/* import y from './block'; */",
      "const url = 'https://example.org'; // from './not-an-import'",
    ].join('\n');
    expect(importsOf(src)).toEqual([
      { spec: './a', typeOnly: false },
      { spec: './c', typeOnly: true },
      { spec: './d', typeOnly: false },
      { spec: './ns', typeOnly: false },
      { spec: './star', typeOnly: false },
      { spec: './f', typeOnly: true },
      { spec: './gh', typeOnly: false },
      { spec: './side.css', typeOnly: false },
      { spec: './lazy', typeOnly: false },
    ]);
  });
});
