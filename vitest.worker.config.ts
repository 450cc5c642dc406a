import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// Worker tests run inside workerd with a real local D1, migrated from migrations/ before each file.
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: { TEST_MIGRATIONS: await readD1Migrations(path.join(import.meta.dirname, 'migrations')) },
      },
    })),
  ],
  // local mode's stand-ins, as wrangler.toml's [alias] (docs/decisions/075)
  resolve: { alias: { '@samiti/local-tools': path.join(import.meta.dirname, 'worker/dev/index.ts') } },
  test: {
    include: ['tests/worker/**/*.test.ts'],
    setupFiles: ['tests/worker/setup.ts'],
    testTimeout: 30_000,
    // every request logs a JSON line; show them only for a test that fails
    silent: 'passed-only',
  },
});
