// Messages by key everywhere (docs/decisions/195): nothing turns English text back into a message.
// The server answers `{error, desc, key, params}` and `data.messageKey`/`messageParams`; emails are written by key
// in the reader's language. The reverse matcher of English templates (core/i18n-translate.ts, fromEnglish) is gone,
// and this test keeps it gone: no source names it or anything like it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasMessage } from '../../core/i18n';
import { renewalsEn } from '../../core/renewals/messages.en';
import { type Token, tokens } from './source-tokens';

const ROOTS = ['core', 'web', 'worker', 'scripts'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sources(file);
    return /\.(ts|tsx|mjs|js)$/.test(name) && !/\.test\.ts$/.test(name) ? [file] : [];
  });
}

describe('no message is recovered from English', () => {
  it('no source translates English text: no fromEnglish, no translator of templates, no i18n-translate', () => {
    const offenders = ROOTS.flatMap(sources).filter((file) =>
      /\bfromEnglish\b|i18n-translate|makeTranslator|setTranslatorFactory|\binLanguage\b/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('the web client renders answers by key only: their key, else their own text as sent', () => {
    const client = readFileSync('web/lib/api-client.ts', 'utf8');
    expect(client).toMatch(/tAnswered\(payload\.key, answerParams\(payload\.params\)\)/);
    expect(client).toMatch(/tAnswered\(data\.messageKey, answerParams\(data\.messageParams\)\)/);
  });
});

describe('one key, one catalogue', () => {
  it('the screens, the renewals area and the emails share no key (an answer or an email names its key alone)', async () => {
    const { allEn } = await import('../../core/messages/areas/all');
    const { en } = await import('../../core/messages/en');
    const { renewalsEn } = await import('../../core/renewals/messages.en');
    const { mailEn } = await import('../../core/messages/mail.en');
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [name, catalogue] of Object.entries({ screens: { ...en, ...allEn }, renewalsEn, mailEn })) {
      for (const key of Object.keys(catalogue)) {
        if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${name}`);
        seen.set(key, name);
      }
    }
    expect(twice).toEqual([]);
  });
});

// Every message a contract or the Worker gives is a catalogue key (docs/decisions/271): the sources are read
// through the compiler's scanner (source-tokens.ts), so comments are skipped and a template is one string.
// A contract's message is a check's text argument (`.min(1, '...')`, `.refine(fn, '...')`) or the value of a
// `message:` or `error:` property (an error function's results included), spelled directly or through a
// `const` of the file; the Worker's are say()'s and told()'s keys, a DomainError's message (the type takes only
// say()'s) and an answer's `desc:`. A key may carry fixed parameters (keyWith, core/contracts/common.ts).
const CHECKS = new Set(
  'min max length int positive negative nonnegative nonpositive gt gte lt lte regex refine finite nonempty multipleOf'.split(
    ' ',
  ),
);
const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);
const COMPARE = new Set(['===', '!==', '==', '!=']);

/** The arguments of the call whose `(` is at `open` (or a property's value from `open`, up to `,` or a close). */
function parts(ts: Token[], open: number): Token[][] {
  const list: Token[][] = [[]];
  let depth = 0;
  for (let i = open + 1; i < ts.length; i++) {
    const t = ts[i]!;
    if (t.kind === 'punct' && OPEN.has(t.text)) depth++;
    if (t.kind === 'punct' && CLOSE.has(t.text) && depth-- === 0) return list;
    if (depth === 0 && t.text === ';') return list; // a property of a type: `message: string;`
    if (depth === 0 && t.text === ',') list.push([]);
    else list.at(-1)!.push(t);
  }
  return list;
}

type Said = { line: number; text: string };

/** The messages a source gives: each string a check, a message or error property, or a say() names. */
function messagesOf(source: string, { zod = true, worker = false } = {}): Said[] {
  const ts = tokens(source);
  const lineOf = (pos: number) => source.slice(0, pos).split('\n').length;
  const consts = new Map<string, Token>();
  for (let i = 0; i + 4 < ts.length; i++) {
    const [k, name, eq, value, end] = ts.slice(i, i + 5);
    if (k?.text === 'const' && name?.kind === 'id' && eq?.text === '=' && value?.kind === 'str' && end?.text === ';')
      consts.set(name.text, value);
  }
  const found: Said[] = [];
  const strings = (part: Token[], all: boolean) => {
    if (!all && part.length !== 1) return; // a check's function or options: its strings are not messages
    part.forEach((t, j) => {
      const s = t.kind === 'str' ? t : t.kind === 'id' ? consts.get(t.text) : undefined;
      if (!s || COMPARE.has(part[j - 1]?.text ?? '') || COMPARE.has(part[j + 1]?.text ?? '')) return;
      found.push({ line: lineOf(t.pos), text: s.text });
    });
  };
  for (let i = 0; i + 2 < ts.length; i++) {
    const [a, b, c] = [ts[i]!, ts[i + 1]!, ts[i + 2]!];
    // .min(1, '...'), .refine(fn, '...')
    if (zod && a.text === '.' && b.kind === 'id' && CHECKS.has(b.text) && c.text === '(') {
      for (const part of parts(ts, i + 2)) strings(part, false);
    }
    // { message: '...' }, { error: (iss) => (... ? '...' : '...') }, { desc: '...' }
    const props = worker ? ['desc'] : ['message', 'error'];
    if (a.kind === 'id' && props.includes(a.text) && b.text === ':' && ['{', ','].includes(ts[i - 1]?.text ?? '')) {
      strings(parts(ts, i + 1)[0] ?? [], true);
    }
    // say('key'), told('key'), new DomainError(code, '...'), badRequest('...')
    if (
      worker &&
      b.text === '(' &&
      ['say', 'told', 'DomainError', 'badRequest', 'notFound', 'conflict'].includes(a.text)
    ) {
      const list = parts(ts, i + 1);
      for (const part of a.text === 'DomainError' || a.text === 'conflict' ? list.slice(1, 2) : list.slice(0, 1))
        strings(part, false);
    }
  }
  return found;
}

const CONTRACTS = readdirSync('core/contracts')
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => `core/contracts/${f}`);
// the Worker's configuration is checked at start for its operator (a 500 in the log), not answered to anyone
const WORKER = sources('worker').filter((f) => !f.endsWith('lib/config.ts'));

describe('every message of a contract or the Worker is a catalogue key (docs/decisions/271)', () => {
  const isKey = (text: string) => {
    const key = text.split(' {')[0]!;
    return (text === key || /^\S+ \{.*\}$/.test(text)) && (hasMessage(key) || key in renewalsEn);
  };
  const offenders = (files: string[], options: { zod?: boolean; worker?: boolean }) =>
    files.flatMap((file) =>
      messagesOf(readFileSync(file, 'utf8'), options)
        .filter((m) => !isKey(m.text))
        .map((m) => `${file}:${m.line}: ${m.text}`),
    );

  it("the contracts' checks name keys, never English", () => {
    const said = CONTRACTS.flatMap((f) => messagesOf(readFileSync(f, 'utf8')));
    expect(said.length).toBeGreaterThan(150); // the scan sees the contracts' messages
    expect(offenders(CONTRACTS, {})).toEqual([]);
  });

  it("no English sentence in a contract but the stock rejection reasons' (they are email text)", async () => {
    const { REJECT_REASON_TEXT } = await import('../../core/contracts/admin');
    const allowed = new Set<string>(Object.values(REJECT_REASON_TEXT));
    const sentences = CONTRACTS.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return tokens(text)
        .filter((t) => t.kind === 'str' && /[A-Za-z]{2,} [a-z]{2,}/.test(t.text) && !allowed.has(t.text))
        .map((t) => `${file}: ${t.text}`);
    });
    expect(sentences).toEqual([]);
  });

  it("the Worker's refusals and answers name keys", () => {
    expect(WORKER.flatMap((f) => messagesOf(readFileSync(f, 'utf8'), { worker: true })).length).toBeGreaterThan(250);
    expect(offenders(WORKER, { worker: true })).toEqual([]);
  });

  it('the scan finds a literal in each place a message is written', () => {
    const contract = `
      const TEXT = 'must be planted';
      export const a = z.object({
        b: z.number({ error: (iss) => (iss.input === undefined ? 'input.required' : \`must be \${what}\`) }).min(1, 'is too small'),
        c: z.string().refine((v) => v.includes('..') || v === 'x', { message: 'is refined', path: ['c'] }),
        d: z.string().regex(/^a$/, TEXT).max(3, 'input.maxChars'),
      });
      export type Answer = { message: string; lines: { state: 'a' | 'b' }[] };
    `;
    const worker = `
      throw new DomainError('BadRequest', 'plain words', 400);
      return c.json({ error: 'NotFound', desc: 'Not found.' });
      say('input.required');
    `;
    expect(messagesOf(contract).map((m) => m.text)).toEqual([
      'input.required',
      'must be what',
      'is too small',
      'is refined',
      'must be planted',
      'input.maxChars',
    ]);
    expect(messagesOf(worker, { zod: false, worker: true }).map((m) => m.text)).toEqual([
      'plain words',
      'Not found.',
      'input.required',
    ]);
  });
});
