// README.md is for the people who use the project (STYLE.md): short, with the two commands and every variable and
// secret the Worker reads. History and figures live in docs/.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');
const bindings = readFileSync('worker/env.ts', 'utf8');
const wrangler = readFileSync('wrangler.toml', 'utf8');

/** The names the Worker's Bindings type declares (its `NAME?: type;` lines), platform bindings left out. */
function bindingNames(src: string): string[] {
  const body = /export type Bindings = \{([\s\S]*?)\n\};/.exec(src)?.[1] ?? '';
  return [...body.matchAll(/^\s+([A-Z][A-Z0-9_]+)\??:/gm)]
    .map((m) => m[1]!)
    .filter((n) => !['DB', 'ASSETS'].includes(n));
}

describe('README.md', () => {
  it('stays under 150 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThan(150);
  });

  it('gives the two commands: one starts the app, one runs every test', () => {
    expect(readme).toMatch(/npm install && npm run dev/);
    expect(readme).toMatch(/^npm test\b/m);
  });

  it('documents every variable, secret and binding the Worker reads, and every var of wrangler.toml', () => {
    const names = bindingNames(bindings);
    expect(names.length).toBeGreaterThan(20);
    const vars = [...wrangler.matchAll(/^([A-Z][A-Z0-9_]+)\s*=/gm)].map((m) => m[1]!);
    const missing = [...new Set([...names, ...vars])].filter((n) => !readme.includes(`\`${n}\``));
    expect(missing).toEqual([]);
  });
});
