import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --name what_changed` writes the next numbered SQL migration (after the last one in
// migrations/meta/_journal.json) from what changed in schema/ since the last snapshot; wrangler applies them. A
// migration written by hand (triggers, data) is followed by `node scripts/migrations-journal.mjs`, which brings the
// journal and snapshot up to it. tests/unit/migrations.test.ts and tests/worker/schema.test.ts hold all three equal
// (docs/decisions/078).
export default defineConfig({
  dialect: 'sqlite',
  schema: './schema/index.ts',
  out: './migrations',
});
