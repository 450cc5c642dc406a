// Starts the built app under `wrangler dev` on a free port with its own fresh local D1 (for e2e tests and benchmarks).
import './tool-path.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Returns { url, stop }. The state directory is removed on stop. */
export async function startServer({ vars = {}, quiet = true } = {}) {
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'samiti-state-'));
  const port = await freePort();
  const migrate = spawnSync('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir], {
    env,
    encoding: 'utf8',
  });
  if (migrate.status !== 0) throw new Error(`migrations failed: ${migrate.stderr || migrate.stdout}`);
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]);
  // DIST_DIR: a private build folder, so that parallel runs do not replace each other's files.
  if (process.env.DIST_DIR) varArgs.push('--assets', process.env.DIST_DIR);
  const child = spawn(
    'wrangler',
    [
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      dir,
      '--show-interactive-dev-session=false',
      ...varArgs,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let log = '';
  child.stdout.on('data', (d) => {
    log += d;
    if (!quiet) process.stdout.write(d);
  });
  child.stderr.on('data', (d) => {
    log += d;
    if (!quiet) process.stderr.write(d);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${log.slice(-3000)}`);
    try {
      const r = await fetch(`${url}/api/isDailyPassLive`, { method: 'POST', body: '{}' });
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`wrangler dev did not start in time:\n${log.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    port,
    dir,
    log: () => log,
    async stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 500));
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
