import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files share one app and one database. The festival-year rollover publishes next year's catalogue, after
 * which that year is the live one for every later file: it runs last, whatever order vitest would choose.
 */
class RolloverLast extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => f.moduleId.endsWith('catalogue-year.test.ts');
    return [...sorted.filter((f) => !last(f)), ...sorted.filter(last)];
  }
}

// End-to-end tests: Debian's Chromium driven by playwright-core against `wrangler dev` (scripts/e2e.mjs).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    sequence: { sequencer: RolloverLast },
    // fails a test on an unexpected browser error, and a file on an unexpected Worker error (docs/decisions/077)
    setupFiles: ['tests/e2e/setup.ts'],
  },
});
