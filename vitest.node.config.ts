import { defineConfig } from 'vitest/config';

// Tests under Node against the running app (`wrangler dev` on a fresh D1, started once by the global setup): tools
// that only run in Node, such as Razorpay's own SDK pointed at the test gateway (docs/decisions/148).
export default defineConfig({
  test: {
    include: ['tests/node/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['tests/node/global-setup.mjs'],
    setupFiles: ['tests/fixtures/fail-on-console-error.ts'],
  },
});
