// The Worker's Bengali as a static asset (docs/decisions/110): core/i18n-worker-bn.ts's catalogues as JSON at
// WORKER_BENGALI_ASSET (core/i18n-all.ts). The build emits it beside the app's files (vite.config.ts); the worker
// tests serve it from a folder of their own (vitest.worker.config.ts). The TypeScript sources are compiled by a
// small nested build, as scripts/vite-prerender.mjs does, so that the configs import no TypeScript themselves.
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');

/** @returns {Promise<{ file: string; json: string }>} the asset's path (from the site's root) and content */
async function workerBengali() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'samiti-worker-bn-'));
  try {
    await build({
      configFile: false,
      root: ROOT,
      logLevel: 'error', // chunking advice about core/i18n.ts's lazy imports means nothing for this data
      build: { ssr: 'core/i18n-worker-bn.ts', outDir: tmp, emptyOutDir: true, minify: false },
      ssr: { noExternal: true },
    });
    const mod = await import(pathToFileURL(path.join(tmp, 'i18n-worker-bn.js')).href);
    return { file: mod.WORKER_BENGALI_ASSET.slice(1), json: JSON.stringify(mod.workerBengali) };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** @returns {import('vite').Plugin} Vite: emits the asset into the build's output folder. */
export function workerBengaliAsset() {
  return {
    name: 'samiti-worker-bengali',
    apply: 'build',
    async generateBundle() {
      const { file, json } = await workerBengali();
      this.emitFile({ type: 'asset', fileName: file, source: json });
    },
  };
}

/** Writes the asset into `dir` (atomically: parallel test runs may share the folder); returns `dir`. */
export async function writeWorkerBengali(dir) {
  const { file, json } = await workerBengali();
  const target = path.join(dir, file);
  mkdirSync(path.dirname(target), { recursive: true });
  const tmp = `${target}.${process.pid}.tmp`;
  writeFileSync(tmp, json);
  renameSync(tmp, target);
  return dir;
}
