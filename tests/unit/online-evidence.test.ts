// Connectivity comes from evidence, not navigator.onLine (docs/decisions/150): only the connectivity store
// (web/lib/online.ts) may read it, where it counts only when it says offline. A screen that asks it itself would
// believe a lie-fi network or a browser that reports a reloaded offline page as online.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ALLOWED = new Set(['web/lib/online.ts']);

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(rel);
    return /\.(tsx?|js)$/.test(e.name) && !e.name.endsWith('.test.ts') ? [rel] : [];
  });
}

/** Reads of navigator.onLine in code (comments and strings aside). */
function readsOnLine(text: string): number {
  const code = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/(['"`])(?:\\.|(?!\1)[^\\])*\1/g, '""');
  return (code.match(/\bnavigator\s*\.\s*onLine\b|\bnavigator\s*\[\s*""\s*\]/g) ?? []).length;
}

describe('connectivity by evidence', () => {
  it('finds a read of navigator.onLine, not one in a comment or a string', () => {
    expect(readsOnLine('if (navigator.onLine) load();')).toBe(1);
    expect(readsOnLine('const up = window.navigator .onLine;')).toBe(1);
    expect(readsOnLine('// navigator.onLine lies on lie-fi\nconst s = "navigator.onLine";')).toBe(0);
  });

  it('no screen reads navigator.onLine: only the connectivity store does', () => {
    const files = sources('web');
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((f) => !ALLOWED.has(f) && readsOnLine(readFileSync(path.join(ROOT, f), 'utf8')) > 0);
    expect(offenders).toEqual([]);
    expect(readsOnLine(readFileSync(path.join(ROOT, 'web/lib/online.ts'), 'utf8'))).toBeGreaterThan(0);
  });
});
