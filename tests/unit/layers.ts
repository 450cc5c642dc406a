// The layer rules of STYLE.md and docs/decisions/077, checked on the import graph of worker/, web/, core/ and
// schema/ (tests/unit/layers.test.ts). Reads the sources as text: no TypeScript compiler needed, and a rule breaks
// the moment an import is written, whether or not it typechecks.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export type Edge = { to: string; typeOnly: boolean };
/** file (relative to the root, with forward slashes) -> what it imports (files of the tree, or bare packages) */
export type Graph = Map<string, Edge[]>;

const ROOTS = ['worker', 'web', 'core', 'schema'];
const SOURCE = /\.(ts|tsx)$/;
const SKIP = /\.test\.tsx?$|\.d\.ts$/; // tests may reach into any layer; declarations import nothing

// An import clause: default, `{ a, b }`, `* as ns`, or a default with either. `import type` / `export type` is
// erased under verbatimModuleSyntax; `import { type A }` is not (it stays as an import of the module).
const STATIC =
  /^[ \t]*(?:import|export)\s+(type\s+)?(?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+)\s+from\s+['"]([^'"]+)['"]/gm;
const SIDE_EFFECT = /^[ \t]*import\s+['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function stripComments(src: string): string {
  // block comments, then line comments not inside a URL ('https://...') or a string's '//'
  return src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\/])\/\/.*$/gm, '$1');
}

export function importsOf(src: string): { spec: string; typeOnly: boolean }[] {
  const code = stripComments(src);
  const out: { spec: string; typeOnly: boolean }[] = [];
  for (const m of code.matchAll(STATIC)) out.push({ spec: m[2] as string, typeOnly: Boolean(m[1]) });
  for (const m of code.matchAll(SIDE_EFFECT)) out.push({ spec: m[1] as string, typeOnly: false });
  for (const m of code.matchAll(DYNAMIC)) out.push({ spec: m[1] as string, typeOnly: false });
  return out;
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The import graph of the tree at `root`; tsconfig's `paths` aliases resolve like relative imports. */
export function scan(root: string): Graph {
  const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
  const aliases: Record<string, string[]> =
    JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8')).compilerOptions?.paths ?? {};
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) {
        if (name !== 'node_modules') walk(p);
      } else if (SOURCE.test(name) && !SKIP.test(name)) files.push(p);
    }
  };
  for (const r of ROOTS) walk(path.join(root, r));

  const resolve = (from: string, spec: string): string => {
    const bare = spec.replace(/\?.*$/, '');
    const alias = aliases[bare]?.[0];
    let base: string;
    if (alias) base = path.join(root, alias);
    else if (bare.startsWith('.')) base = path.join(path.dirname(from), bare);
    else return bare; // a package
    for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
      if (isFile(c)) return rel(c);
    }
    return `${rel(base)} (missing)`;
  };

  const graph: Graph = new Map();
  for (const f of files) {
    graph.set(
      rel(f),
      importsOf(readFileSync(f, 'utf8')).map(({ spec, typeOnly }) => ({ to: resolve(f, spec), typeOnly })),
    );
  }
  return graph;
}

// worker/: routes -> services -> lib. env.ts (typed config) and csp.ts sit with lib; dev/ (local mode's stand-ins,
// reached only through the @samiti/local-tools alias) sits beside routes; app.ts and index.ts sit on top.
function workerRank(f: string): number | null {
  if (!f.startsWith('worker/')) return null;
  if (f.startsWith('worker/lib/') || f === 'worker/env.ts' || f === 'worker/csp.ts') return 0;
  if (f.startsWith('worker/services/')) return 1;
  if (f.startsWith('worker/routes/') || f.startsWith('worker/dev/')) return 2;
  return 3;
}
const RANK_NAME = ['lib', 'services', 'routes', 'app'];

const CALL_MAP = 'web/lib/calls.ts';

const feature = (f: string) => /^web\/features\/([^/]+)\//.exec(f)?.[1];

/** Every broken rule, one line each: "rule: from -> to". */
export function check(graph: Graph): string[] {
  const out: string[] = [];
  for (const [f, edges] of graph) {
    for (const { to, typeOnly } of edges) {
      const bad = (rule: string) => out.push(`${rule}: ${f} -> ${to}`);
      if (to.endsWith('(missing)')) {
        bad('unresolved import');
        continue;
      }
      // worker layers
      const fr = workerRank(f);
      const tr = workerRank(to);
      if (fr !== null && tr !== null) {
        if (tr > fr) bad(`worker ${RANK_NAME[fr]} imports ${RANK_NAME[tr]}`);
        else if (fr === 2 && tr === 2 && !(f.startsWith('worker/dev/') && to.startsWith('worker/dev/'))) {
          bad('a route imports another route area');
        }
      }
      // web <-> worker; core and schema are shared, web/content is data
      // the call map reads the Worker's declared routes as a type, erased from the bundle (docs/decisions/269)
      if (f.startsWith('web/') && to.startsWith('worker/') && !(typeOnly && to === 'worker/app.ts' && f === CALL_MAP)) {
        bad('web imports worker (only `import type` of worker/app.ts, in web/lib/calls.ts)');
      }
      if (f.startsWith('web/') && to.startsWith('schema/')) bad('web imports schema (drizzle stays on the server)');
      if (f.startsWith('worker/') && to.startsWith('web/') && !/^web\/content\/[^/]+\.json$/.test(to)) {
        bad('worker imports web (only the data of web/content/*.json)');
      }
      // core: isomorphic and pure
      if (f.startsWith('core/')) {
        if (/^(worker|web|schema)\//.test(to)) bad('core imports outside core');
        if (/^(drizzle-orm|hono|react|react-dom|cloudflare:|node:)/.test(to)) bad('core imports a platform package');
      }
      if (f.startsWith('schema/') && /^(worker|web)\//.test(to)) bad('schema imports worker or web');
      // web: features do not import each other; shared code does not import features
      const ff = feature(f);
      const tf = feature(to);
      if (ff && tf && ff !== tf) bad(`feature ${ff} imports feature ${tf}`);
      if (/^web\/(components|lib)\//.test(f) && tf) bad('shared web code imports a feature');
      if (/^web\/(components|lib|features)\//.test(f) && to.startsWith('web/app/') && to !== 'web/lib/paths.ts') {
        bad('web code below web/app imports web/app (only paths.ts)');
      }
    }
  }
  for (const c of cycles(graph)) out.push(`import cycle: ${c}`);
  return out;
}

/**
 * Every group of files that import each other in a circle (Tarjan's strongly connected components), each shown as
 * one concrete circle. Only imports that exist at run time count: `import type` is erased (verbatimModuleSyntax), so
 * it orders no module evaluation, and Hono's typed context (env.ts's AppEnv names the session's Actor, the session
 * middleware is typed with AppEnv) is mutual by design. The layer rules above apply to type imports as well.
 */
export function cycles(graph: Graph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const next_ = (n: string) => (graph.get(n) ?? []).filter((e) => !e.typeOnly && graph.has(e.to)).map((e) => e.to);
  const visit = (n: string) => {
    index.set(n, next);
    low.set(n, next);
    next++;
    stack.push(n);
    onStack.add(n);
    for (const t of next_(n)) {
      if (!index.has(t)) {
        visit(t);
        low.set(n, Math.min(low.get(n) as number, low.get(t) as number));
      } else if (onStack.has(t)) low.set(n, Math.min(low.get(n) as number, index.get(t) as number));
    }
    if (low.get(n) === index.get(n)) {
      const g: string[] = [];
      let m: string;
      do {
        m = stack.pop() as string;
        onStack.delete(m);
        g.push(m);
      } while (m !== n);
      if (g.length > 1 || next_(n).includes(n)) groups.push(g);
    }
  };
  for (const n of [...graph.keys()].sort()) if (!index.has(n)) visit(n);

  // one circle per group: a shortest path back to the group's first file, inside the group
  return groups.map((g) => {
    const inG = new Set(g);
    const start = [...g].sort()[0] as string;
    const prev = new Map<string, string>();
    const queue = [start];
    let end: string | undefined;
    while (queue.length && !end) {
      const n = queue.shift() as string;
      for (const t of next_(n)) {
        if (!inG.has(t)) continue;
        if (t === start) {
          end = n;
          break;
        }
        if (!prev.has(t)) {
          prev.set(t, n);
          queue.push(t);
        }
      }
    }
    const pathBack = [start];
    for (let n = end; n && n !== start; n = prev.get(n)) pathBack.splice(1, 0, n);
    const more = g.length > pathBack.length ? ` (group of ${g.length}: ${[...g].sort().join(', ')})` : '';
    return `${[...pathBack, start].join(' -> ')}${more}`;
  });
}
