// Front-end half of `npm run bench`: what each route loads first (gzip sizes from Vite's manifest) and
// Lighthouse scores of a few screens in Debian's Chromium with Lighthouse's default mobile emulation.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort } from './server.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'web');

/** { '/index': { component, source } } from web/app/router.tsx and web/lib/paths.ts (lazy screens only). */
export function routeSources() {
  const router = readFileSync(path.join(WEB, 'app/router.tsx'), 'utf8');
  const pathsTs = readFileSync(path.join(WEB, 'lib/paths.ts'), 'utf8');
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
 * its static imports, and on a prerendered page the script that loads them. Dynamic imports inside a screen
 * (loaded on a click) are not counted.
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
  // a prerendered page also names the small script that loads the rest after its first paint (decision 173)
  const pageScripts = (route) => {
    const page = path.join(distDir, 'prerendered', `${route.replace(/^\//, '')}.html`);
    if (!existsSync(page)) return [];
    const html = readFileSync(page, 'utf8').replace(/<template id="app-code">[\s\S]*?<\/template>/g, '');
    return [...html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)].map((m) => m[1]);
  };
  const routes = {};
  for (const [route, { source }] of Object.entries(routeSources())) {
    const own = filesOf(closure(source));
    const js = new Set([...entry.js, ...own.js, ...pageScripts(route)]);
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
  const version = await fetch(`http://127.0.0.1:${port}/json/version`)
    .then((r) => r.json())
    .then((v) => v.Browser ?? null)
    .catch(() => null);
  return {
    port,
    version,
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
 * Lighthouse's mobile defaults, written out so that neither a Lighthouse upgrade nor a default elsewhere changes
 * them unseen: Moto G Power screen, simulated slow 4G (150 ms RTT, 1.6 Mbit/s) and a fixed 4x CPU slowdown applied
 * to the tasks observed on this machine (docs/decisions/170).
 */
export const LIGHTHOUSE_SETTINGS = {
  formFactor: 'mobile',
  screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
  throttlingMethod: 'simulate',
  throttling: {
    rttMs: 150,
    throughputKbps: 1.6 * 1024,
    requestLatencyMs: 150 * 3.75,
    downloadThroughputKbps: 1.6 * 1024 * 0.9,
    uploadThroughputKbps: 750 * 0.9,
    cpuSlowdownMultiplier: 4,
  },
};

/** The page without its JavaScript: what the HTML and CSS alone cost, the floor a screen's figures are read against. */
export function floorHtml(html) {
  return html
    .replace(/<template id="app-code">[\s\S]*?<\/template>/g, '')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
}

/**
 * Writes the floor page of each prerendered route into <dist>/bench-floor/ (served by the same server as the app,
 * html_handling "none": the file's own path) and returns { pages: { route: url path }, remove() }.
 */
export function writeFloorPages(distDir, routes) {
  const dir = path.join(distDir, 'bench-floor');
  mkdirSync(dir, { recursive: true });
  const pages = {};
  for (const route of routes) {
    const file = `${route.replace(/^\//, '')}.html`;
    const source = path.join(distDir, 'prerendered', file);
    if (!existsSync(source)) continue;
    writeFileSync(path.join(dir, file), floorHtml(readFileSync(source, 'utf8')));
    pages[route] = `/bench-floor/${file}`;
  }
  return { pages, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export const median = (xs) => {
  const v = xs.filter((x) => typeof x === 'number' && !Number.isNaN(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};
const spread = (xs) => {
  const v = xs.filter((x) => typeof x === 'number' && !Number.isNaN(x));
  return v.length ? [Math.min(...v), Math.max(...v)] : null;
};
const METRICS = ['performance', 'accessibility', 'bestPractices', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'speedIndexMs'];

/** Median and spread (min, max) of each metric over runs that did not fail. */
export function summarize(runs) {
  const ok = runs.filter((r) => !r.error);
  const out = { runs: runs.length, failedRuns: runs.length - ok.length, median: {}, spread: {} };
  for (const m of METRICS) {
    out.median[m] = median(ok.map((r) => r[m]));
    out.spread[m] = spread(ok.map((r) => r[m]));
  }
  return out;
}

/** One Lighthouse run of one URL in a fresh Chromium profile; a session or language is stored first. */
async function lighthouseOnce(lighthouse, baseUrl, { path: urlPath, userInfo, lang }, keepFile) {
  const chrome = await startChrome();
  try {
    // a session, or the language chosen on this device ('samiti-lang'), set before Lighthouse starts
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
    const result = await lighthouse(
      `${baseUrl}${urlPath}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: Boolean(userInfo || lang),
      },
      { extends: 'lighthouse:default', settings: LIGHTHOUSE_SETTINGS },
    );
    const lhr = result.lhr;
    if (keepFile) writeFileSync(keepFile, JSON.stringify(lhr));
    const score = (c) => (lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100));
    const audit = (a) => lhr.audits[a]?.numericValue ?? null;
    return {
      chromium: chrome.version,
      lighthouse: lhr.lighthouseVersion,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
      finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      fcpMs: audit('first-contentful-paint'),
      speedIndexMs: audit('speed-index'),
      // what the LCP was: the element's selector and a snippet of it (Lighthouse's own audit)
      lcpElement:
        lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
      // the longest main-thread tasks (what TBT counts, simulated), with the script Lighthouse blames for each
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? [])
        .slice(0, 5)
        .map(
          (t) => `${Math.round(t.duration)} ms at ${Math.round(t.startTime)} ms: ${String(t.url).replace(/^.*\//, '')}`,
        ),
      runtimeError: lhr.runtimeError?.message ?? null,
      failedAudits: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
        .map((a) => a.id)
        .slice(0, 12),
    };
  } catch (e) {
    return { error: String(e?.message ?? e) };
  } finally {
    await chrome.stop();
  }
}

/**
 * Lighthouse per screen, `runs` times each, and each time its floor page (the same prerendered HTML and CSS
 * without a script, writeFloorPages) right before it, so that both see the same machine: the screen's
 * figures are the median of its runs with their spread, and what the app's JavaScript costs reads as the
 * difference to the floor (TBT over the floor), which travels between machines better than TBT itself.
 * A screen that needs a session gets the login answer stored as 'user-info' (as the app's own login does)
 * before Lighthouse starts, on a non-app URL of the same origin (so no service worker is installed first),
 * and Lighthouse then runs with disableStorageReset so that it keeps that entry.
 *
 * screens: [{ route, userInfo?, lang?, label?, floor?: url path }]; options: { runs, keepDir, log }
 */
export async function lighthouseScreens(baseUrl, screens, { runs = 3, keepDir = null, log = () => {} } = {}) {
  const { default: lighthouse } = await import('lighthouse');
  if (keepDir) mkdirSync(keepDir, { recursive: true });
  const raw = new Map(screens.map((s) => [s.label ?? s.route, { app: [], floor: [] }]));
  const fileOf = (key, kind, run) =>
    keepDir ? path.join(keepDir, `${key.replace(/[^\w]+/g, '_').replace(/^_/, '')}-${kind}-${run}.json`) : null;
  // round by round: every screen once (floor, then the app) before any screen's next run
  for (let run = 1; run <= runs; run++) {
    for (const s of screens) {
      const key = s.label ?? s.route;
      const r = raw.get(key);
      if (s.floor) {
        r.floor.push(await lighthouseOnce(lighthouse, baseUrl, { ...s, path: s.floor }, fileOf(key, 'floor', run)));
      }
      const app = await lighthouseOnce(lighthouse, baseUrl, { ...s, path: s.route }, fileOf(key, 'app', run));
      r.app.push(app);
      const f = r.floor.at(-1);
      log(
        app.error
          ? `  lighthouse ${key} run ${run}: ${app.error}`
          : `  lighthouse ${key} run ${run}: perf ${app.performance}, TBT ${Math.round(app.tbtMs)} ms` +
              (f && !f.error ? ` (floor ${Math.round(f.tbtMs)} ms)` : '') +
              `, LCP ${Math.round(app.lcpMs)} ms, benchmark index ${Math.round(app.benchmarkIndex ?? 0)}`,
      );
    }
  }
  const out = {};
  for (const [key, { app, floor }] of raw) {
    const a = summarize(app);
    const f = floor.length ? summarize(floor) : null;
    const ok = app.filter((x) => !x.error);
    out[key] = {
      ...a,
      floor: f,
      tbtOverFloorMs: f && a.median.tbtMs != null && f.median.tbtMs != null ? a.median.tbtMs - f.median.tbtMs : null,
      chromium: ok[0]?.chromium ?? null,
      lighthouse: ok[0]?.lighthouse ?? null,
      benchmarkIndex: spread(app.map((x) => x.benchmarkIndex)),
      error: ok.length === 0 ? (app[0]?.error ?? 'no run') : null,
      each: app,
      floorEach: floor,
    };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------- interactions

/**
 * Installed before any script of the page: every Event Timing entry of an interaction (durationThreshold 16, the
 * smallest the API allows), so that an interaction's latency is the longest entry of its interactionId, from
 * the input to the next paint, as INP counts it.
 */
function recordInteractions() {
  const w = /** @type {any} */ (window);
  w.__interactions = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const t = /** @type {PerformanceEventTiming} */ (e);
      if (t.interactionId) {
        w.__interactions.push({
          id: t.interactionId,
          name: t.name,
          duration: t.duration,
          inputDelay: t.processingStart - t.startTime,
          processing: t.processingEnd - t.processingStart,
          start: t.startTime,
        });
      }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** The interactions recorded since `since` (a performance.now()), one per interactionId with its longest entry. */
async function interactionsSince(page, since) {
  // Event Timing entries are queued after the next paint: give the page a moment to deliver them
  await page.waitForTimeout(400);
  const entries = await page.evaluate((t) => window.__interactions.filter((e) => e.start >= t), since);
  const byId = new Map();
  for (const e of entries) {
    const known = byId.get(e.id);
    if (!known || e.duration > known.duration) byId.set(e.id, e);
  }
  return [...byId.values()];
}

/** The latency of the worst interaction, in ms; an interaction under the 16 ms threshold is reported as 16. */
const worst = (list) => (list.length ? Math.max(...list.map((e) => e.duration)) : 16);
const isHydrated = (selector) =>
  Boolean(
    Object.keys(document.querySelector(selector) ?? {}).some((k) => k.startsWith('__reactFiber')) ||
      Object.keys(document.querySelector(selector) ?? {}).some((k) => k.startsWith('__reactProps')),
  );

/**
 * Interaction to next paint of the three taps the issue names, in Debian's Chromium with a phone's screen and
 * the CPU slowed 4x (the DevTools protocol's CPU throttling; the network is not throttled): typing a buyer's
 * mobile number into /venue's search box and sending it, "Mark as Collected" on the pass found, and "+" of a plan
 * on /membership. Each run starts a fresh page and taps as soon as the control can do its work (the search box
 * once React has taken it over, the button once it is drawn), which is when a volunteer or member taps first.
 * The venue runs on a phone that holds the year's local copy (its first sync is done before the clock starts),
 * as a volunteer's phone at the gate does.
 *
 * sessions: { member, volunteer } login answers; mobiles: one buyer's mobile per run, each with a pass to collect.
 */
export async function interactionTimings(baseUrl, { member, volunteer, mobiles }, { runs = 3, log = () => {} } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROME_FLAGS.filter((f) => f !== '--headless=new'),
  });
  const chromiumVersion = browser.version();
  const phone = {
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  };
  const signedIn = async (userInfo) => {
    const context = await browser.newContext({ ...phone, baseURL: baseUrl });
    await context.addInitScript(recordInteractions);
    const page = await context.newPage();
    await page.goto('/api/noop'); // same origin, no app: store the session as the app's login does
    await page.evaluate((info) => {
      localStorage.setItem('user-info', info);
      localStorage.setItem('user-iid', 'bench-interactions-device');
    }, JSON.stringify(userInfo));
    const cdp = await context.newCDPSession(page);
    return { context, page, throttle: (rate) => cdp.send('Emulation.setCPUThrottlingRate', { rate }) };
  };
  const out = { chromium: chromiumVersion, cpuSlowdown: 4, runs, stepper: [], search: [], collect: [], notes: [] };
  try {
    // /membership: "+" of the first plan, three times from a fresh page
    for (let run = 1; run <= runs; run++) {
      const { context, page, throttle } = await signedIn(member);
      await throttle(4);
      await page.goto('/membership', { waitUntil: 'commit' });
      const plus = page
        .locator('.ct-card')
        .first()
        .getByRole('button', { name: /^Add one / });
      await plus.waitFor({ state: 'visible', timeout: 60_000 });
      await page.waitForFunction(() => !document.querySelector('.ct-card .ct-stepper button:last-child')?.disabled);
      const t0 = await page.evaluate(() => performance.now());
      for (let i = 0; i < 3; i++) {
        await plus.click();
        await page.waitForTimeout(300);
      }
      const taps = await interactionsSince(page, t0);
      out.stepper.push(worst(taps));
      await context.close();
    }
    // /venue: the first sync of the year's passes once, unthrottled; then each run reloads the page 4x slowed
    const { context, page, throttle } = await signedIn(volunteer);
    await page.goto('/venue');
    await page.getByText(/pass orders of \d{4}-\d{2}\. Last synced: \d/).waitFor({ timeout: 600_000 });
    const held = await page.locator('.venue-copy').textContent();
    out.notes.push(`venue local copy: ${held}`);
    for (let run = 1; run <= runs; run++) {
      await throttle(4);
      await page.reload({ waitUntil: 'commit' });
      await page.waitForFunction(isHydrated, '#venue-q', { timeout: 120_000, polling: 50 });
      const t0 = await page.evaluate(() => performance.now());
      const box = page.locator('#venue-q');
      await box.pressSequentially(mobiles[(run - 1) % mobiles.length], { delay: 120 });
      await box.press('Enter');
      const typed = await interactionsSince(page, t0);
      out.search.push(worst(typed));
      const collect = page.getByRole('button', { name: 'Mark as Collected' }).first();
      await collect.waitFor({ state: 'visible', timeout: 60_000 });
      const t1 = await page.evaluate(() => performance.now());
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/markCouponCollected'), { timeout: 60_000 });
      await collect.click();
      out.collect.push(worst(await interactionsSince(page, t1)));
      const answer = await answered;
      if (!answer.ok()) out.notes.push(`run ${run}: markCouponCollected answered ${answer.status()}`);
      await throttle(1);
      log(
        `  interactions run ${run}: stepper ${Math.round(out.stepper[run - 1])} ms, search ${Math.round(out.search.at(-1))} ms, Mark as Collected ${Math.round(out.collect.at(-1))} ms`,
      );
    }
    await context.close();
  } finally {
    await browser.close();
  }
  for (const k of ['stepper', 'search', 'collect']) out[`${k}Median`] = median(out[k]);
  return out;
}
