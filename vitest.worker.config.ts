import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { writeWorkerBengali } from './scripts/vite-worker-bengali.mjs';

const checkout = createHash('sha256')
  .update(import.meta.dirname)
  .digest('hex')
  .slice(0, 12);

/** UPDATE_OPENAPI=1's binding: writes the document tests/worker/openapi.test.ts made (workerd has no file system). */
async function writeOpenApi(req: Request) {
  writeFileSync(path.join(import.meta.dirname, 'docs/api/openapi.json'), await req.text());
  return new Response(null, { status: 204 });
}

// Worker tests run inside workerd with a real local D1, migrated from migrations/ before each file.
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        // The tests' static assets: only what the Worker itself reads from ASSETS (its Bengali for emails, as the
        // build emits it), so that they pass before any build and never depend on what an old dist/ holds.
        // One folder per checkout: several worktrees' test runs on one machine would otherwise serve each other's.
        assets: {
          directory: await writeWorkerBengali(path.join(os.tmpdir(), `samiti-worker-test-assets-${checkout}`)),
        },
        bindings: { TEST_MIGRATIONS: await readD1Migrations(path.join(import.meta.dirname, 'migrations')) },
        // without the binding, tests/worker/openapi.test.ts compares docs/api/openapi.json with what it made
        ...(process.env.UPDATE_OPENAPI === '1'
          ? {
              serviceBindings: { OPENAPI_WRITER: writeOpenApi },
            }
          : {}),
      },
    })),
  ],
  // local mode's tools are in the tested build, as wrangler.toml's top-level [define] (docs/decisions/075)
  define: { __LOCAL_TOOLS__: 'true' },
  test: {
    include: ['tests/worker/**/*.test.ts'],
    setupFiles: ['tests/worker/setup.ts'],
    testTimeout: 30_000,
    // every request logs a JSON line; show them only for a test that fails
    silent: 'passed-only',
  },
});
