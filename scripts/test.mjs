// `npm test`: typecheck, lint and format check, unit tests (core/, the layer check), worker tests (workerd + real D1),
// build, Node tests against the running app (Razorpay's SDK on the test gateway), e2e tests (Chromium).
// Ends with one line "N passed, N failed" summed over every tier.
import './tool-path.mjs';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

process.env.WRANGLER_SEND_METRICS = 'false';
const only = process.argv[2]; // optional: lint | unit | worker | node | e2e
mkdirSync('test-results', { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) ok = false;
  return r.status === 0;
}

function tier(name, cmd, args) {
  const out = `test-results/${name}.json`;
  rmSync(out, { force: true });
  step(`${name} tests`, cmd, [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  try {
    const j = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += j.numPassedTests;
    totals.failed +=
      j.numFailedTests + (j.numTotalTestSuites > 0 && j.success === false && j.numFailedTests === 0 ? 1 : 0);
    totals.skipped += j.numPendingTests + j.numTodoTests;
  } catch {
    totals.failed += 1; // the runner did not even report
  }
}

// A failed check counts as one failed test in the summary line, so that line never reads "0 failed" on a red run.
function check(name, cmd, args) {
  if (!step(name, cmd, args)) totals.failed += 1;
}

if (!only) check('typecheck', 'tsc', ['--noEmit', '-p', 'tsconfig.json']);
if (!only || only === 'lint') {
  // warnings too: the tree is kept at zero, so a new one is seen (docs/decisions/077)
  check('lint', 'biome', ['lint', '--error-on-warnings', '.']);
  check('format', 'biome', ['format', '.']);
}
if (!only || only === 'unit') tier('unit', 'vitest', ['run', '--config', 'vitest.unit.config.ts']);
if (!only || only === 'worker') tier('worker', 'vitest', ['run', '--config', 'vitest.worker.config.ts']);
if (!only || only === 'node' || only === 'e2e') {
  if (step('build', 'vite', ['build', '--logLevel', 'warn'])) {
    if (!only || only === 'node') tier('node', 'vitest', ['run', '--config', 'vitest.node.config.ts']);
    if (!only || only === 'e2e') tier('e2e', 'node', ['scripts/e2e.mjs']);
  } else totals.failed += 1;
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
