import { defineConfig } from 'vitest/config';

// Unit tests of core/ and of the web's pure modules (beside the code they test), and of scripts.
export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'web/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/fixtures/fail-on-console-error.ts'],
  },
});
