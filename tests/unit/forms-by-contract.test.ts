// The admin's forms check with the call's contract (web/lib/form-check.ts, docs/decisions/276), so a rule is stated
// once. This scan fails when a form of web/features/admin (or the receipt's billing form) states a contract's rule
// again by hand: calls a contract's rule function (isRupeeAmount), copies one of its regular expressions, or compares
// with, or names as a constant, one of its limits (`.max(10_00_000`, `.min(2`).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Token, tokens } from './source-tokens';

const CONTRACTS = readdirSync('core/contracts')
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => path.join('core/contracts', name));
const FORMS = [
  ...readdirSync('web/features/admin')
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.test.ts'))
    .map((name) => path.join('web/features/admin', name)),
  'web/features/receipts/ReceiptPage.tsx',
];

const isRegex = (t: Token) => t.kind === 'punct' && t.text.length > 2 && t.text.startsWith('/') && t.text !== '/=';
const numberOf = (t: Token | undefined) =>
  t?.kind === 'punct' && /^\d[\d_]*(\.\d+)?$/.test(t.text) ? Number(t.text.replace(/_/g, '')) : null;

/** What the contracts state: their regular expressions, the functions their refinements call, their limits. */
function contractRules(sources: readonly string[]) {
  const regexes = new Set<string>();
  const ruleFunctions = new Set<string>();
  const limits = new Set<number>();
  for (const source of sources) {
    const ts = tokens(source);
    ts.forEach((t, i) => {
      if (isRegex(t)) regexes.add(t.text);
      const [dot, name, open, arg] = [ts[i - 1], t, ts[i + 1], ts[i + 2]];
      if (dot?.text !== '.' || open?.text !== '(' || !arg) return;
      if ((name.text === 'refine' || name.text === 'superRefine') && arg.kind === 'id') ruleFunctions.add(arg.text);
      const n = numberOf(arg);
      // 0 and 1 are every form's (not empty, at least one); a limit of the contract's own is 2 or more
      if ((name.text === 'max' || name.text === 'min' || name.text === 'length') && n !== null && n >= 2) limits.add(n);
    });
  }
  return { regexes, ruleFunctions, limits };
}

/** Where a form states one of those again: `file:line what`. */
function restated(file: string, source: string, rules: ReturnType<typeof contractRules>): string[] {
  const ts = tokens(source);
  const line = (t: Token) => source.slice(0, t.pos).split('\n').length;
  const out: string[] = [];
  ts.forEach((t, i) => {
    const [before, after] = [ts[i - 1], ts[i + 1]];
    if (isRegex(t) && rules.regexes.has(t.text)) out.push(`${file}:${line(t)} the contract's regex ${t.text}`);
    if (t.kind === 'id' && rules.ruleFunctions.has(t.text) && after?.text === '(' && before?.text !== 'function')
      out.push(`${file}:${line(t)} the contract's rule ${t.text}()`);
    const n = numberOf(t);
    if (n === null || !rules.limits.has(n)) return;
    const compared =
      ['<', '<=', '>', '>='].includes(before?.text ?? '') || ['<', '<=', '>', '>='].includes(after?.text ?? '');
    // `const MAX_TIERS = 5;`: a limit named again
    const named =
      before?.text === '=' &&
      after?.text === ';' &&
      ts[i - 3]?.text === 'const' &&
      /^(MAX|MIN)_/.test(ts[i - 2]?.text ?? '');
    if (compared || named) out.push(`${file}:${line(t)} the contract's limit ${t.text}`);
  });
  return out;
}

describe('the admin forms state no contract rule by hand', () => {
  const rules = contractRules(CONTRACTS.map((file) => readFileSync(file, 'utf8')));

  it('reads the contracts (a scan that found nothing to look for would pass anything)', () => {
    expect(rules.ruleFunctions).toContain('isRupeeAmount');
    expect(rules.limits).toContain(10_00_000);
    expect(rules.regexes.size).toBeGreaterThan(5);
  });

  it('no form restates a regex, a rule function or a limit of a contract', () => {
    const found = FORMS.flatMap((file) => restated(file, readFileSync(file, 'utf8'), rules));
    expect(found).toEqual([]);
  });

  it('finds each kind of restatement', () => {
    const planted = [
      'if (!isRupeeAmount(amount)) return;',
      'const MAX_TIERS = 5;',
      'if (amount > 1000000) return;',
      `const ok = ${[...rules.regexes][0]}.test(v);`,
    ];
    for (const source of planted) expect(restated('x.tsx', source, rules), source).toHaveLength(1);
  });
});
