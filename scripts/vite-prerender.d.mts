import type { Plugin } from 'vite';

/** vite build's prerender step: public pages as HTML (scripts/vite-prerender.mjs, docs/decisions/112). */
export function prerender(): Plugin;
/** A prerendered page with its code moved into <template id="app-code"> and `boot` (after-paint.js's code) inline at the end of the body (173, 180). */
export function codeAfterPaint(html: string, boot: string): string;
/** web/prerender/after-paint.js, minified: the inline script of every prerendered page (decision 180). */
export function afterPaintCode(): string;
/** The CSP source allowing an inline script: `'sha256-<base64>'`. */
export function cspHashOf(code: string): string;
