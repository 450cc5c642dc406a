// `npm run dev`: builds the PWA, migrates the local D1 and serves PWA + API with wrangler dev on $PORT (8787).
// The demo data is seeded by the Worker itself on its first API request (local mode only, idempotent).
import './tool-path.mjs';
import { spawn, spawnSync } from 'node:child_process';

process.env.WRANGLER_SEND_METRICS = 'false';
const port = process.env.PORT || '8787';
const persist = process.env.SAMITI_STATE_DIR ? ['--persist-to', process.env.SAMITI_STATE_DIR] : [];

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.env.SKIP_BUILD !== '1') run('vite', ['build', '--logLevel', 'warn']);
run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', ...persist]);
const child = spawn(
  'wrangler',
  ['dev', '--port', port, '--show-interactive-dev-session=false', ...persist, ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: process.env,
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
