// `node scripts/unused-exports.mjs [--local]`: the exports of worker/, web/, core/ that no file uses (dead code);
// with --local also those used only in their own file (an export that can become local). A word search, not a type checker: it errs towards keeping. schema/ is left out:
// its tables are declared for drizzle-kit and the schema check (tests/worker/schema.test.ts) even when no query
// names them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const files = [];
const walk = (d) => {
  for (const f of readdirSync(path.join(root, d))) {
    const p = path.join(d, f);
    if (f === 'node_modules') continue;
    if (statSync(path.join(root, p)).isDirectory()) walk(p);
    else if (/\.(ts|tsx|mjs)$/.test(f) && !/\.d\.ts$/.test(f)) files.push(p);
  }
};
for (const d of ['worker', 'web', 'core', 'schema', 'tests', 'scripts']) walk(d);
for (const f of readdirSync(root)) if (/\.config\.ts$/.test(f)) files.push(f);
const src = new Map(files.map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));

const local = process.argv.includes('--local');
const found = [];
for (const [f, s] of src) {
  if (!/^(worker|web|core)\//.test(f)) continue;
  for (const m of s.matchAll(
    /^export\s+(?:async\s+)?(?:const|let|function\*?|class|type|interface|enum)\s+([\w$]+)/gm,
  )) {
    const word = new RegExp(`\\b${m[1].replace(/\$/g, '\\$')}\\b`, 'g');
    if ([...src].some(([g, t]) => g !== f && word.test(t))) continue;
    const own = (s.match(word) ?? []).length;
    if (own > 1 && !local) continue;
    found.push(`${own > 1 ? 'only used in its own file' : 'unused'}: ${f} ${m[1]}`);
  }
}
console.log(found.sort().join('\n') || 'every export is used');
