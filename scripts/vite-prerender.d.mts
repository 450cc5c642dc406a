import type { Plugin } from 'vite';

/** vite build's prerender step: public pages as HTML (scripts/vite-prerender.mjs, docs/decisions/112). */
export function prerender(): Plugin;
