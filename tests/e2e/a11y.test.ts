import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, openAdminTab, post } from './browser';

// Evaluated through the DevTools protocol: the site's CSP (rightly) refuses injected <script> tags.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (window as any).axe;
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return r.violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const PUBLIC: [string, string][] = [
  ['/index', 'Kali Puja 2026'],
  ['/responsibitity', 'Our Social Responsibility'],
  ['/tnc', 'Terms and Conditions'],
  ['/sponsors', 'Our Sponsors'],
  ['/magazine', 'Annual Magazine'],
  ['/2023', 'Kali Puja 2026: Venue and Schedule'],
  ['/corporate', 'Corporate Engagement'],
];

describe('accessibility (axe-core)', () => {
  for (const width of [360, 1280]) {
    it(`has no serious or critical violation on any public page at ${width} px`, async () => {
      const { page } = await newPage(browser, { width });
      const found: string[] = [];
      for (const [path, h1] of PUBLIC) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: h1 }).waitFor();
        for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
      }
      expect(found).toEqual([]);
    });
  }

  it('is usable with the keyboard: skip link first, every gallery control reachable', async () => {
    const { page } = await newPage(browser, { width: 1280 });
    await page.goto('/index');
    await page.locator('.carousel-slide').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    const reached = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const label = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
      });
      reached.add(label);
    }
    for (const name of ['Pause slideshow', 'Previous photo', 'Next photo']) expect(reached).toContain(name);
  });

  it("has no serious or critical violation in the profile's message choices and the admin's Messages tab", async () => {
    const { page } = await newPage(browser, { width: 390 });
    const found: string[] = [];
    for (const [who, password, path, tab, heading] of [
      ['member@example.org', 'member-demo-123', '/profile', 'Profile', 'Messages'],
      ['admin@example.org', 'admin-demo-123', '/admin', 'Messages', 'New announcement'],
    ] as const) {
      const info = await post('login', { email: who, password, iid: crypto.randomUUID() });
      await page.goto('/tnc');
      await page.evaluate((i) => localStorage.setItem('user-info', JSON.stringify(i)), info);
      await page.goto(path);
      // the admin console's sections are a picker on a phone (openAdminTab); the profile keeps its tabs
      if (path === '/admin') await openAdminTab(page, tab);
      else await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByRole('heading', { name: heading }).waitFor();
      for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
    }
    expect(found).toEqual([]);
  });
});
