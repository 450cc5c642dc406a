import type { Plugin } from 'vite';

/** vite build's prerender step: public pages as HTML (scripts/vite-prerender.mjs, docs/decisions/112). */
export function prerender(): Plugin;
/** A prerendered page with its code moved into <template id="app-code">, loaded after the first paint (173). */
export function codeAfterPaint(html: string, boot: string): string;
