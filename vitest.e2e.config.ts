import { defineConfig } from 'vitest/config';

// End-to-end tests: Debian's Chromium driven by playwright-core against `wrangler dev` (scripts/e2e.mjs).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // fails a test on an unexpected browser error, and a file on an unexpected Worker error (docs/decisions/077)
    setupFiles: ['tests/e2e/setup.ts'],
  },
});
