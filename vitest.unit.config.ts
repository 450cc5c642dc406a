import { defineConfig } from 'vitest/config';

// Unit tests of core/ (pure TypeScript, beside the code they test) and of scripts.
export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/fixtures/fail-on-console-error.ts'],
  },
});
