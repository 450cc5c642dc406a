import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { allowed, allProblems, describeOpenPages } from './browser';

// An e2e test fails on an error nobody expected (STYLE.md, convention 11; docs/decisions/077):
// - in the browser: a page error or console error of any page it opened (tests/e2e/browser.ts watches them all),
//   unless the test called allowBrowserError(/.../);
// - in the Worker: a log('error', ...) line in wrangler dev's output (scripts/e2e.mjs writes it to E2E_SERVER_LOG),
//   unless the file called allowServerError(/.../). Checked per file: the log arrives a moment after the answer.

// A failed test prints what its pages were showing, so that a failure seen only in CI can be read there.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail')
    console.error(`pages open when "${task.name}" failed:\n${await describeOpenPages()}`);
});

afterEach(() => {
  const expected = allowed.browser;
  allowed.browser = [];
  const came: string[] = [];
  for (const w of allProblems) {
    came.push(...w.problems.slice(w.seen));
    w.seen = w.problems.length;
  }
  const unexpected = came.filter((p) => !expected.some((e) => e.test(p)));
  if (unexpected.length > 0) throw new Error(`unexpected browser errors:\n${unexpected.join('\n')}`);
  const missing = expected.filter((e) => !came.some((p) => e.test(p)));
  if (missing.length > 0) throw new Error(`an expected browser error did not come: ${missing.join(', ')}`);
});

const logFile = process.env.E2E_SERVER_LOG;
let from = 0;
const logSize = () => (logFile ? (statSync(logFile, { throwIfNoEntry: false })?.size ?? 0) : 0);

beforeAll(() => {
  from = logSize();
});

afterAll(async () => {
  if (!logFile) return; // run without scripts/e2e.mjs (E2E_BASE_URL set by hand): no server output to read
  await new Promise((r) => setTimeout(r, 1500)); // e2e.mjs copies the output every 200 ms
  const to = logSize();
  const buf = Buffer.alloc(Math.max(0, to - from));
  const fd = openSync(logFile, 'r');
  try {
    readSync(fd, buf, 0, buf.length, from);
  } finally {
    closeSync(fd);
  }
  const errors = buf
    .toString('utf8')
    .split('\n')
    .filter((l) => /"level":"error"/.test(l));
  const unexpected = errors.filter((l) => !allowed.server.some((e) => e.test(l)));
  if (unexpected.length > 0)
    throw new Error(`unexpected Worker errors in wrangler dev's output:\n${unexpected.join('\n')}`);
});
