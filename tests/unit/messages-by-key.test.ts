// Messages by key everywhere (docs/decisions/195): nothing turns English text back into a message.
// The server answers `{error, desc, key, params}` and `data.messageKey`/`messageParams`; emails are written by key
// in the reader's language. The reverse matcher of English templates (core/i18n-translate.ts, fromEnglish) is gone,
// and this test keeps it gone: no source names it or anything like it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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
    expect(client).toMatch(/tAnswered\(payload\.key, payload\.params\)/);
    expect(client).toMatch(/tAnswered\(data\.messageKey, data\.messageParams\)/);
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
