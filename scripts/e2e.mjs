// `npm run test:e2e`: builds the PWA if needed, starts it with wrangler dev on a fresh D1 and runs tests/e2e in Chromium.
import './tool-path.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server.mjs';

const dist = process.env.DIST_DIR ?? 'dist';
if (!existsSync(`${dist}/index.html`) || process.env.E2E_BUILD === '1') {
  const b = spawnSync('vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const server = await startServer();
// wrangler dev's output, copied to a file as it comes: tests/e2e/setup.ts fails a test file on a Worker error line
// that the file did not expect
const logDir = mkdtempSync(path.join(os.tmpdir(), 'samiti-e2e-log-'));
const logFile = path.join(logDir, 'wrangler-dev.log');
writeFileSync(logFile, '');
let copied = 0;
const copy = () => {
  const log = server.log();
  if (log.length > copied) appendFileSync(logFile, log.slice(copied));
  copied = log.length;
};
const copier = setInterval(copy, 200);
let status = 1;
try {
  status = await new Promise((resolve) => {
    const child = spawn('vitest', ['run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: server.url, E2E_SERVER_LOG: logFile },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
} finally {
  clearInterval(copier);
  await server.stop();
  rmSync(logDir, { recursive: true, force: true });
}
process.exit(status);
