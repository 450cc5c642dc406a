// The deployed Worker for `npm run bench`: its bundle size and the time a freshly started Worker takes to answer.
//
// Size: `wrangler deploy --dry-run --env production --outdir <tmp>` builds exactly what `npm run deploy` uploads
// (minified, docs/decisions/110); raw and gzip bytes of its index.js.
// Cold start: that bundle is started in a fresh workerd (Miniflare, the runtime under `wrangler dev`) and timed
// from start to the first answer of POST /api/noop; the same is done for an empty Worker (one line that answers
// "ok"), alternating, so that the difference is what our bundle adds: parsing, top-level code, the first
// request through the app. The median of several starts of each is reported.
import './tool-path.mjs';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Builds the production bundle into a temporary folder; returns { dir, file, rawBytes, gzipBytes, sources }
 * (sources: the files the bundle was built from, relative to the project root, from its source map).
 */
export function buildWorkerBundle(distDir) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'samiti-worker-'));
  // the assets folder only has to exist for the dry run; the bundle does not contain it
  const assets = path.join(dir, 'assets');
  mkdirSync(assets);
  writeFileSync(path.join(assets, 'index.html'), '');
  const out = path.join(dir, 'out');
  const r = spawnSync(
    'wrangler',
    ['deploy', '--dry-run', '--env', 'production', '--outdir', out, '--assets', distDir ?? assets],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
  );
  if (r.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${(r.stderr || r.stdout).slice(-2000)}`);
  const file = path.join(out, 'index.js');
  const code = readFileSync(file);
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  const sources = map.sources.map((s) => path.relative(ROOT, path.resolve(out, s)).split(path.sep).join('/'));
  return { dir, file, rawBytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length, sources };
}

function miniflareClass() {
  // Miniflare comes with wrangler (the same workerd that `wrangler dev` runs); resolve it from there.
  const req = createRequire(createRequire(path.join(ROOT, 'package.json')).resolve('wrangler/package.json'));
  return import(req.resolve('miniflare')).then((m) => m.Miniflare);
}

/** A Worker config in Miniflare 5's shape: one ES module, plain-text vars and D1 bindings. */
const workerConfig = ({ code, vars = {}, d1 = [] }, compat) => ({
  config: {
    name: 'bench',
    ...compat,
    manifest: { mainModule: 'index.js', modules: { 'index.js': { type: 'esm', contents: code } } },
    env: {
      ...Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, { type: 'text', value: v }])),
      ...Object.fromEntries(d1.map((name) => [name, { type: 'd1' }])),
    },
  },
});

async function firstAnswerMs(Miniflare, worker) {
  const started = performance.now();
  const mf = new Miniflare({ workers: [worker] });
  try {
    const res = await mf.dispatchFetch('http://localhost/api/noop', { method: 'POST', body: '{}' });
    await res.text();
    if (!res.ok) throw new Error(`the fresh Worker answered ${res.status}`);
    return performance.now() - started;
  } finally {
    await mf.dispose();
  }
}

const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return (v[(v.length - 1) >> 1] + v[v.length >> 1]) / 2;
};

/**
 * Starts the bundle `runs` times (and an empty Worker as often, alternating) in a fresh workerd each time.
 * Returns { coldStartMs, emptyColdStartMs, addedMs, runs } (medians, ms).
 */
export async function coldStart(file, runs = 5) {
  const Miniflare = await miniflareClass();
  const cfg = readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8');
  const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(cfg)?.[1] ?? '2026-11-01';
  const compat = { compatibilityDate, compatibilityFlags: ['nodejs_compat'] };
  // production's bundle and mode (no seeding), with stand-in secrets
  const vars = {
    APP_ENV: 'production',
    PASSWORD_PEPPER: 'bench-cold-start-pepper',
    RAZORPAY_KEY_ID: 'rzp_test_bench',
    RAZORPAY_KEY_SECRET: 'bench-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'bench-webhook-secret',
    RAZORPAY_BASE_URL: 'https://api.razorpay.com',
  };
  const ours = workerConfig({ code: readFileSync(file, 'utf8'), vars, d1: ['DB'] }, compat);
  const empty = workerConfig({ code: 'export default { fetch: () => new Response("ok") };' }, compat);
  const a = [];
  const b = [];
  await firstAnswerMs(Miniflare, empty); // the first workerd start of this process also loads the binary
  for (let i = 0; i < runs; i++) {
    b.push(await firstAnswerMs(Miniflare, empty));
    a.push(await firstAnswerMs(Miniflare, ours));
  }
  const coldStartMs = median(a);
  const emptyColdStartMs = median(b);
  return { coldStartMs, emptyColdStartMs, addedMs: coldStartMs - emptyColdStartMs, runs };
}

/** Size and cold start of the deployed Worker. */
export async function workerFigures({ runs = 5 } = {}) {
  const bundle = buildWorkerBundle();
  try {
    const cold = await coldStart(bundle.file, runs);
    return { rawBytes: bundle.rawBytes, gzipBytes: bundle.gzipBytes, ...cold };
  } finally {
    rmSync(bundle.dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await workerFigures({ runs: Number(process.argv[2] ?? 5) }), null, 2));
}
