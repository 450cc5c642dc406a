// Front-end half of `npm run bench`: what each route loads first (gzip sizes from Vite's manifest) and
// Lighthouse scores of a few screens in Debian's Chromium with Lighthouse's default mobile emulation.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort } from './server.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'web');

/** { '/index': { component, source } } from web/app/router.tsx and web/app/paths.ts (lazy screens only). */
export function routeSources() {
  const router = readFileSync(path.join(WEB, 'app/router.tsx'), 'utf8');
  const pathsTs = readFileSync(path.join(WEB, 'app/paths.ts'), 'utf8');
  const paths = Object.fromEntries([...pathsTs.matchAll(/(\w+):\s*'([^']+)'/g)].map((m) => [m[1], m[2]]));
  const lazy = new Map();
  for (const m of router.matchAll(/const\s+(\w+)\s*=\s*lazy\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    lazy.set(m[1], m[2]);
  }
  const routes = {};
  // an element may span lines (a guard around the screen): read up to the next route, comment or the end
  const routeRe = /path:\s*(?:paths\.(\w+)|'([^']+)')\s*,\s*element:\s*([\s\S]*?)(?=\n\s*(?:\{\s*path:|\/\/|\]))/g;
  for (const m of router.matchAll(routeRe)) {
    const route = m[1] ? paths[m[1]] : m[2];
    if (!route || route === '*' || route === '/' || routes[route]) continue;
    const component = [...m[3].matchAll(/<(\w+)/g)].map((x) => x[1]).find((name) => lazy.has(name));
    if (!component) continue;
    const abs = path.resolve(WEB, 'app', lazy.get(component));
    const file = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => abs + ext).find((f) => existsSync(f));
    if (file) routes[route] = { component, source: path.relative(WEB, file).split(path.sep).join('/') };
  }
  return routes;
}

/**
 * Gzip sizes (bytes, zlib level 9) of the JS and CSS a first visit to each route loads before it can show the
 * screen: the entry (index.html's module, its static imports and their CSS) plus the route's lazy chunk and
 * its static imports. Dynamic imports inside a screen (loaded on a click) are not counted.
 */
export function bundleSizes(distDir) {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with build.manifest enabled`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const gz = new Map();
  const gzipOf = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
    return gz.get(file);
  };
  const closure = (key, seen = new Set()) => {
    if (!manifest[key] || seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const filesOf = (keys) => {
    const js = new Set();
    const css = new Set();
    for (const k of keys) {
      js.add(manifest[k].file);
      for (const c of manifest[k].css ?? []) css.add(c);
    }
    return { js, css };
  };
  const sum = (files) => [...files].reduce((n, f) => n + gzipOf(f), 0);
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entry = filesOf(closure(entryKey));
  const routes = {};
  for (const [route, { source }] of Object.entries(routeSources())) {
    const own = filesOf(closure(source));
    const js = new Set([...entry.js, ...own.js]);
    const css = new Set([...entry.css, ...own.css]);
    routes[route] = {
      source,
      jsGzip: sum(js),
      cssGzip: sum(css),
      jsFiles: js.size,
      cssFiles: css.size,
      inManifest: Boolean(manifest[source]),
    };
  }
  return { entry: { jsGzip: sum(entry.js), cssGzip: sum(entry.css) }, routes };
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

async function startChrome() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'samiti-lh-'));
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore', detached: true },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('Chromium did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    async stop() {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone
      }
      await new Promise((r) => setTimeout(r, 300));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * One Lighthouse run per screen, each in a fresh Chromium profile. A screen that needs a session gets the
 * login answer stored as 'user-info' (as the app's own login does) before Lighthouse starts: a short CDP step
 * through playwright-core on a non-app URL of the same origin (so no service worker is installed first),
 * and Lighthouse then runs with disableStorageReset so that it keeps that entry.
 */
export async function lighthouseScreens(baseUrl, screens, log = () => {}) {
  const { default: lighthouse } = await import('lighthouse');
  const out = {};
  for (const { route, userInfo, lang, label } of screens) {
    const key = label ?? route;
    const chrome = await startChrome();
    try {
      // a session, or the language chosen on this device (issue 16: 'samiti-lang'), set before Lighthouse starts
      if (userInfo || lang) {
        const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const page = await browser.contexts()[0].newPage();
        await page.goto(`${baseUrl}/api/noop`); // a JSON 404 of the same origin: no app, no service worker
        await page.evaluate(
          ([info, iid, language]) => {
            if (info !== 'null') localStorage.setItem('user-info', info);
            localStorage.setItem('user-iid', iid);
            if (language) localStorage.setItem('samiti-lang', language);
          },
          [JSON.stringify(userInfo ?? null), 'bench-lighthouse-device', lang ?? ''],
        );
        await page.close();
        await browser.close();
      }
      const result = await lighthouse(`${baseUrl}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: Boolean(userInfo || lang),
      });
      const lhr = result.lhr;
      const score = (c) => (lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100));
      const audit = (a) => lhr.audits[a]?.numericValue ?? null;
      out[key] = {
        finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        fcpMs: audit('first-contentful-paint'),
        // what the LCP was: the element's selector and a snippet of it (Lighthouse's own audit)
        lcpElement:
          lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
        // the longest main-thread tasks (what TBT counts), with the script Lighthouse blames for each
        longTasks: (lhr.audits['long-tasks']?.details?.items ?? [])
          .slice(0, 5)
          .map(
            (t) =>
              `${Math.round(t.duration)} ms at ${Math.round(t.startTime)} ms: ${String(t.url).replace(/^.*\//, '')}`,
          ),
        runtimeError: lhr.runtimeError?.message ?? null,
        failedAudits: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
          .map((a) => a.id)
          .slice(0, 12),
      };
      log(`  lighthouse ${key}: perf ${out[key].performance}, a11y ${out[key].accessibility}`);
    } catch (e) {
      out[key] = { error: String(e?.message ?? e) };
      log(`  lighthouse ${key}: ${out[key].error}`);
    } finally {
      await chrome.stop();
    }
  }
  return out;
}
