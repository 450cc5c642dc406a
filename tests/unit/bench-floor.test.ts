// The floor page the bench runs Lighthouse on beside each screen (docs/decisions/170): the same prerendered HTML
// and CSS without any script. The page's shape is the one scripts/vite-prerender.mjs writes (decision 173).
import { describe, expect, it } from 'vitest';
import { floorHtml, median, summarize } from '../../scripts/bench-frontend.mjs';
import { codeAfterPaint } from '../../scripts/vite-prerender.mjs';

const page = `<!doctype html><html><head><title>T</title>
<script type="module" crossorigin src="/assets/index-A.js"></script>
<link rel="modulepreload" crossorigin href="/assets/framework-B.js">
<style>p{color:red}</style><link rel="stylesheet" href="/assets/index-C.css" disabled>
<link rel="modulepreload" crossorigin href="/assets/HomePage-D.js"></head>
<body><div id="root"><h1>Kali Puja</h1><p>Text</p></div></body></html>`;

describe('floor page', () => {
  const prerendered = codeAfterPaint(page, 'loadAfterPaint()');

  it('moves the code into the template and runs only the inline script that loads it after the first paint', () => {
    expect(prerendered).toContain(
      '<template id="app-code"><script type="module" crossorigin src="/assets/index-A.js"></script><link rel="modulepreload" crossorigin href="/assets/framework-B.js"><link rel="modulepreload" crossorigin href="/assets/HomePage-D.js"></template></head>',
    );
    expect(prerendered).toContain('<p>Text</p></div><script>loadAfterPaint()</script></body>');
    expect(prerendered.replace(/<template[\s\S]*<\/template>/, '')).not.toMatch(/modulepreload|type="module"/);
  });

  it('keeps the HTML and the CSS and drops every script', () => {
    const floor = floorHtml(prerendered);
    expect(floor).not.toMatch(/<script|<template|modulepreload/);
    expect(floor).toContain('<style>p{color:red}</style>');
    expect(floor).toContain('<div id="root"><h1>Kali Puja</h1><p>Text</p></div>');
    expect(floorHtml(page)).not.toMatch(/<script|modulepreload/);
  });

  it('summarizes runs by their median and spread, leaving failed runs out', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNull();
    const s = summarize([{ performance: 90, tbtMs: 300 }, { performance: 99, tbtMs: 20 }, { error: 'x' }]) as {
      median: Record<string, number>;
      spread: Record<string, number[]>;
      failedRuns: number;
    };
    expect(s.median.performance).toBe(94.5);
    expect(s.spread.tbtMs).toEqual([20, 300]);
    expect(s.failedRuns).toBe(1);
  });
});
