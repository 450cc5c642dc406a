// `npm run test:e2e`: builds the PWA if needed, starts it with wrangler dev on a fresh D1 and runs tests/e2e in Chromium.
import './tool-path.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startServer } from './server.mjs';

const dist = process.env.DIST_DIR ?? 'dist';
if (!existsSync(`${dist}/index.html`) || process.env.E2E_BUILD === '1') {
  const b = spawnSync('vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const server = await startServer();
let status = 1;
try {
  const r = spawnSync('vitest', ['run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: server.url },
  });
  status = r.status ?? 1;
} finally {
  await server.stop();
}
process.exit(status);
