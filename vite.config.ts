import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { prerender } from './scripts/vite-prerender.mjs';
import { workerBengaliAsset } from './scripts/vite-worker-bengali.mjs';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  resolve: {
    alias: [
      // The Worker's own answers stay out of the screens' first load: core/i18n.ts registers them in the Worker and
      // tests, an empty module here (Bengali loads them on demand, docs/decisions/115).
      {
        find: /^\.\/messages\/areas\/server$/,
        replacement: fileURLToPath(new URL('./core/messages/areas/server.browser.ts', import.meta.url)),
      },
    ],
  },
  // DIST_DIR lets parallel test runs build into their own folder (scripts/e2e.mjs).
  build: {
    outDir: process.env.DIST_DIR ?? '../dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true, // npm run bench
    // every browser the app supports preloads modules itself: no polyfill in the first load (docs/decisions/112)
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // React, the router and the shared strings, which every page loads, in one file: one gzip stream
        // compresses them better than three (docs/decisions/112)
        manualChunks(id: string) {
          const framework = /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//;
          // only the shared English strings: each area goes with its screens, Bengali is a chunk of its own
          // loaded when chosen (docs/decisions/115)
          if (
            framework.test(id) ||
            /core\/(i18n\.ts|i18n-core\.ts|messages\/en\.ts|messages\/areas\/web(\.en)?\.ts)$/.test(id)
          )
            return 'framework';
        },
      },
    },
  },
  plugins: [
    react(),
    prerender(), // public pages as HTML (docs/decisions/112)
    workerBengaliAsset(), // the Worker's Bengali for emails, read from ASSETS (docs/decisions/110)
    VitePWA({
      registerType: 'prompt',
      injectRegister: false, // web/lib/pwa.ts registers through workbox-window and shows the update prompt
      manifest: false, // web/public/manifest.webmanifest
      // What the service worker keeps (docs/decisions/021-service-worker-caching.md):
      // - precache: the app shell, every route's chunk (so the public pages open offline after one visit), icons;
      // - runtime, cache-first with limits: gallery photos and magazine/presentation PDFs once they were seen;
      // - never: /api (POST-only; Workbox routes GET only, and no route matches /api), /dev, and the payment
      //   script, which is cross-origin (checkout.razorpay.com) and matched by no route.
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // prerendered pages are for a first visit; once the worker runs, every page opens from the cached shell
        globIgnores: ['**/gallery/**', '**/magazines/**', '**/prerendered/**'],
        navigateFallback: '/index.html',
        // Navigations to files (a PDF opened in a tab) and to the API or dev pages go to the network.
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/dev\//,
          /^\/gallery\//,
          /^\/magazines\//,
          /^[^?]*\/[^/?]+\.[a-z0-9]+(\?|$)/i,
        ],
        cleanupOutdatedCaches: true,
        // web push (docs/decisions/232): the handlers live in web/public/push-sw.js, which the generated worker
        // imports, so that generateSW keeps writing the precache and update logic as before
        importScripts: ['/push-sw.js'],
        // The first visit's page comes under the worker at once, so the photos it shows next are cached too
        // (web/lib/pwa.ts re-requests the ones loaded before that moment).
        clientsClaim: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/gallery/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'gallery',
              // 48 photos in two sizes plus the social responsibility photos
              expiration: { maxEntries: 120, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/magazines/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'magazines',
              expiration: { maxEntries: 12, maxAgeSeconds: 60 * 60 * 24 * 365, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
});
