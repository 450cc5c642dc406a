import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  // DIST_DIR lets parallel test runs build into their own folder (scripts/e2e.mjs).
  build: { outDir: process.env.DIST_DIR ?? '../dist', emptyOutDir: true, sourcemap: false },
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false, // web/lib/pwa.ts registers through workbox-window and shows the update prompt
      manifest: false, // web/public/manifest.webmanifest
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        globIgnores: ['**/gallery/**', '**/magazines/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/dev\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/gallery/'),
            handler: 'CacheFirst',
            options: { cacheName: 'gallery', expiration: { maxEntries: 80, maxAgeSeconds: 60 * 60 * 24 * 60 } },
          },
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/magazines/'),
            handler: 'CacheFirst',
            options: { cacheName: 'magazines', expiration: { maxEntries: 10, maxAgeSeconds: 60 * 60 * 24 * 365 } },
          },
        ],
      },
    }),
  ],
});
