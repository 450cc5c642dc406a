// `node scripts/migrations-journal.mjs`: brings drizzle-kit's bookkeeping in migrations/meta up to the migrations
// (docs/decisions/078). Run it after adding a migration, whether written by hand (triggers, data) or by
// `npx drizzle-kit generate`:
// - the journal lists every migrations/NNNN_name.sql, with idx NNNN, so that the next `drizzle-kit generate`
//   numbers its file after the last one;
// - the last migration's snapshot is drizzle-kit's picture of schema/, which tests/worker/schema.test.ts holds equal
//   to the migrated database, so that `drizzle-kit generate` writes only what changes after it.
// tests/unit/migrations.test.ts fails until this has been run.
import './tool-path.mjs';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const dir = path.join(root, 'migrations');
const meta = path.join(dir, 'meta');
const journalFile = path.join(meta, '_journal.json');

const files = readdirSync(dir)
  .filter((f) => /^\d{4}_.+\.sql$/.test(f))
  .sort();
const old = JSON.parse(readFileSync(journalFile, 'utf8'));
const when = new Map(old.entries.map((e) => [e.tag, e.when]));
// when: the time the migration was first committed (now, for one not committed yet), strictly increasing as
// drizzle-kit's migrator and `drizzle-kit check` require
const added = (f) =>
  Number(
    spawnSync('git', ['log', '--diff-filter=A', '--format=%at', '--', `migrations/${f}`], {
      cwd: root,
      encoding: 'utf8',
    })
      .stdout.trim()
      .split('\n')
      .at(-1),
  ) * 1000 || Date.now();
let last = 0;
const entries = files.map((f) => {
  const tag = f.replace(/\.sql$/, '');
  last = Math.max(last + 1, when.get(tag) ?? added(f));
  return { idx: Number(f.slice(0, 4)), version: '6', when: last, tag, breakpoints: true };
});
writeFileSync(journalFile, `${JSON.stringify({ ...old, entries }, null, 2)}\n`);

// drizzle-kit's own picture of schema/, written to a scratch folder
const scratch = mkdtempSync(path.join(os.tmpdir(), 'samiti-snapshot-'));
try {
  const r = spawnSync(
    'drizzle-kit',
    ['generate', '--dialect', 'sqlite', '--schema', './schema/index.ts', '--out', scratch],
    { cwd: root, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`drizzle-kit generate failed:\n${r.stdout}\n${r.stderr}`);
  const current = JSON.parse(readFileSync(path.join(scratch, 'meta', '0000_snapshot.json'), 'utf8'));

  const snapshots = readdirSync(meta)
    .filter((f) => /^\d{4}_snapshot\.json$/.test(f))
    .sort();
  const lastFile = `${String(entries.at(-1).idx).padStart(4, '0')}_snapshot.json`;
  const existing = existsSync(path.join(meta, lastFile)) ? JSON.parse(readFileSync(path.join(meta, lastFile))) : null;
  const before = snapshots.filter((f) => f < lastFile).at(-1);
  const prevId = existing?.prevId ?? (before ? JSON.parse(readFileSync(path.join(meta, before))).id : undefined);
  const snapshot = { ...current, id: existing?.id ?? randomUUID(), prevId: prevId ?? current.prevId };
  writeFileSync(path.join(meta, lastFile), `${JSON.stringify(snapshot, null, 2)}\n`);
  // a snapshot for a migration that is not the last one would be drizzle-kit's "previous" picture only by mistake
  for (const f of snapshots) {
    if (f !== lastFile && f !== '0000_snapshot.json' && f > lastFile) rmSync(path.join(meta, f));
  }
  console.log(`journal: ${entries.length} migrations, last ${entries.at(-1).tag}; snapshot ${lastFile} from schema/`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
