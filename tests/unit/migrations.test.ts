// drizzle-kit's bookkeeping (migrations/meta) matches the migrations and schema/ (docs/decisions/078): with it,
// `npx drizzle-kit generate` (drizzle.config.ts) numbers the next file after the last migration and writes only what
// changed in schema/ since. tests/worker/schema.test.ts holds schema/ equal to the migrated database.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as schema from '../../schema/index';

const dir = path.resolve(import.meta.dirname, '../../migrations');
const journal = JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string; when: number }[];
};
const FIX = 'run `node scripts/migrations-journal.mjs` after adding a migration';

describe('migrations/meta', () => {
  it('lists every migration in the journal, numbered as its file, in order', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    for (const f of files) expect(f, 'a migration is named NNNN_name.sql').toMatch(/^\d{4}_[a-z0-9_]+\.sql$/);
    expect(
      journal.entries.map((e) => `${e.idx} ${e.tag}.sql`),
      FIX,
    ).toEqual(files.map((f) => `${Number(f.slice(0, 4))} ${f}`));
    const when = journal.entries.map((e) => e.when);
    expect(when, 'the journal times increase').toEqual([...when].sort((a, b) => a - b));
    expect(new Set(when).size).toBe(when.length);
  });

  it("holds schema/ as the last migration's snapshot, so drizzle-kit generate has nothing to write", async () => {
    const last = journal.entries.at(-1) as { idx: number };
    const file = path.join(dir, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`);
    const snapshot = JSON.parse(readFileSync(file, 'utf8'));
    const current = await generateSQLiteDrizzleJson(schema as Record<string, unknown>, snapshot.id);
    expect(await generateSQLiteMigration(snapshot, current), FIX).toEqual([]);
  });
});
