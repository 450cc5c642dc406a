// The prerender step of `vite build` (docs/decisions/112). After the app is written, it builds
// web/prerender/render.tsx for Node (an SSR build into a temporary folder), renders every public route into
// the built index.html's #root, and writes dist/prerendered/<route>.html plus a `_redirects` file whose 200 rules
// make Workers static assets answer /tnc with prerendered/tnc.html (the address bar keeps /tnc). Each page
// carries its stylesheets inline (the app's and its screen's: a few kB, and no request stands between the HTML
// and the first paint). Its scripts and the preloads of its screen's chunks wait in <template id="app-code">
// until the page is painted (web/prerender/after-paint.js, docs/decisions/173), then load together, so that
// hydration does not wait for a second round of requests. after-paint.js itself is inline, allowed by its hash in
// the CSP (docs/decisions/180): no request stands between the HTML and the largest paint.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { minifySync } from 'rolldown/utils'; // Vite's own bundler
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { routeSources } from './bench-frontend.mjs';

/** @returns {import('vite').Plugin} */
export function prerender() {
  /** @type {import('vite').ResolvedConfig} */
  let config;
  return {
    name: 'samiti-prerender',
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        if (config.build.ssr) return; // the nested build below
        const outDir = path.resolve(config.root, config.build.outDir);
        const tmp = mkdtempSync(path.join(os.tmpdir(), 'samiti-prerender-'));
        try {
          await build({
            configFile: false,
            root: config.root,
            logLevel: 'warn',
            plugins: [react()],
            build: { ssr: 'prerender/render.tsx', outDir: tmp, emptyOutDir: true, minify: false },
            ssr: { noExternal: true },
          });
          const mod = await import(pathToFileURL(path.join(tmp, 'render.js')).href);
          const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
          const sources = routeSources();
          const css = (file) => readFileSync(path.join(outDir, file), 'utf8').replaceAll('</style', '<\\/style');
          const template = readFileSync(path.join(outDir, 'index.html'), 'utf8').replace(
            /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
            (_, file) => inlineSheet(file, css),
          );
          if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
          mkdirSync(path.join(outDir, 'prerendered'), { recursive: true });
          const boot = afterPaintCode();
          checkCspAllows(boot, readFileSync(path.join(outDir, '_headers'), 'utf8'));
          const rules = [];
          for (const route of mod.PRERENDERED_ROUTES) {
            const rendered = await mod.render(route);
            // React puts the page's resource hints (an image preload) first: they belong in <head>
            const hints = /^(?:<link [^>]*>)*/.exec(rendered)?.[0] ?? '';
            const body = rendered.slice(hints.length);
            const head = hints + links(manifest, sources[route]?.source, css);
            const html = codeAfterPaint(
              template
                .replace('</head>', `${head}</head>`)
                .replace('<div id="root"></div>', `<div id="root">${body}</div>`),
              boot,
            );
            const file = mod.prerenderedFile(route);
            writeFileSync(path.join(outDir, 'prerendered', file), html);
            rules.push(`${route} /prerendered/${file} 200`);
          }
          writeFileSync(
            path.join(outDir, '_redirects'),
            `# Written by vite build (scripts/vite-prerender.mjs): public pages answered as prerendered HTML.\n${rules.join('\n')}\n`,
          );
        } finally {
          rmSync(tmp, { recursive: true, force: true });
        }
      },
    },
  };
}

/**
 * A stylesheet inline, and a disabled link to its file (never fetched, never applied): Vite's loader of a screen's
 * chunk, which waits for the chunk's stylesheets, finds it there and neither asks for it again nor waits for it.
 */
function inlineSheet(file, css) {
  return `<style>${css(file)}</style><link rel="stylesheet" href="/${file}" disabled>`;
}

/** web/prerender/after-paint.js, minified: the one inline script of a prerendered page. */
export function afterPaintCode() {
  const name = 'after-paint.js';
  const { code, errors } = minifySync(
    name,
    readFileSync(path.resolve(import.meta.dirname, '../web/prerender', name), 'utf8'),
  );
  if (errors.length > 0) throw new Error(`${name}: ${errors.map((e) => e.message).join('; ')}`);
  return code.trim();
}

/** The CSP source that allows the inline script: its SHA-256, as worker/csp.ts and web/public/_headers name it. */
export function cspHashOf(code) {
  return `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
}

/** The build stops when the static files' CSP would refuse the inline script (after-paint.js was changed). */
function checkCspAllows(code, headers) {
  const source = cspHashOf(code);
  if (!headers.includes(source))
    throw new Error(
      `web/prerender/after-paint.js changed: put ${source} in place of the old hash in worker/csp.ts (scriptSrc) and web/public/_headers`,
    );
}

/**
 * Moves the page's module scripts and module preloads into <template id="app-code"> and puts after-paint.js's code
 * at the end of the body (inline: it runs once the page is parsed, and loads them after the first paint).
 */
export function codeAfterPaint(html, boot) {
  const tags = [];
  const rest = html
    .replace(/<script type="module"[^>]*><\/script>\s*/g, (tag) => {
      tags.push(tag.trim());
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, (tag) => {
      tags.push(tag.trim());
      return '';
    });
  if (!tags.some((t) => t.startsWith('<script'))) throw new Error('the page has no module script to load');
  if (boot.includes('</script')) throw new Error('after-paint.js must not contain "</script"');
  return rest
    .replace('</head>', `<template id="app-code">${tags.join('')}</template></head>`)
    .replace('</body>', `<script>${boot}</script></body>`);
}

/** The stylesheets (inline) and module preloads of a screen's chunks that the entry does not already load. */
function links(manifest, source, css) {
  if (!source || !manifest[source]) return '';
  const walk = (key, seen) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const inEntry = entryKey ? walk(entryKey, new Set()) : new Set();
  const entryCss = new Set([...inEntry].flatMap((k) => manifest[k].css ?? []));
  const own = [...walk(source, new Set())].filter((k) => !inEntry.has(k));
  const sheets = [...new Set(own.flatMap((k) => manifest[k].css ?? []))].filter((f) => !entryCss.has(f));
  return [
    ...sheets.map((f) => inlineSheet(f, css)),
    ...own.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k].file}">`),
  ].join('');
}
