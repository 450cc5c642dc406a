// Every error code the worker answers is one of core/contracts/errors.ts (docs/decisions/177), so that the web can
// switch on ApiError.code. The types hold DomainError's code to the list; this test also reads the source, so that a
// code written where the types do not look (an answer built by hand, `error: '...'`) is caught, and the list keeps
// no code that nothing answers any more.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../core/contracts/errors';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A code literal where an error is made: DomainError and its helpers, the refund plan's error, a hand-built answer. */
const CODE_AT =
  /(?:new\s+DomainError|new\s+RefundPlanError|\bconflict|\brefused|\berrorAnswer)\(\s*'([^']*)'|\berror:\s*'([^']*)'\s*,\s*desc\b/g;

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) return sources(rel);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [rel] : [];
  });
}

/** The codes `text` makes, with where. */
function codesIn(text: string, file: string): { code: string; at: string }[] {
  return [...text.matchAll(CODE_AT)].map((m) => ({
    code: (m[1] ?? m[2])!,
    at: `${file}:${text.slice(0, m.index).split('\n').length}`,
  }));
}

const found = ['worker', 'core'].flatMap(sources).flatMap((f) => codesIn(readFileSync(path.join(ROOT, f), 'utf8'), f));

describe('error codes', () => {
  it('finds the codes where they are made', () => {
    const text = [
      "throw new DomainError('Planted', 'x', 409);",
      "throw new DomainError(\n  'AlsoPlanted',\n  say('k'),\n);",
      "throw conflict('Third', 'x');",
      "return c.json({ error: 'Fourth', desc: 'x' }, 500);",
      "return c.json(errorAnswer('Fifth', t('x')), 503);",
    ].join('\n');
    expect(codesIn(text, 'f.ts').map((c) => c.code)).toEqual(['Planted', 'AlsoPlanted', 'Third', 'Fourth', 'Fifth']);
    expect(found.length).toBeGreaterThan(100);
  });

  it('every code the worker makes is in ERROR_CODES', () => {
    const known = new Set<string>(ERROR_CODES);
    expect(found.filter((c) => !known.has(c.code)).map((c) => `${c.at}: ${c.code}`)).toEqual([]);
  });

  it('ERROR_CODES lists each code once, and none that nothing makes', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    const made = new Set(found.map((c) => c.code));
    expect(ERROR_CODES.filter((c) => !made.has(c))).toEqual([]);
  });
});
