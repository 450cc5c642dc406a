// Public pages arrive as HTML and React takes that HTML over (docs/decisions/112); so do the frames of
// /membership and /venue, checked for their session once hydrated (docs/decisions/116). The app's code loads after
// the first paint and hydrates in a transition, keeping the prerendered elements (docs/decisions/171, 173).
import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tnc from '../../web/content/tnc.json';
import { PRERENDERED_FRAMES, PRERENDERED_ROUTES } from '../../web/prerender/routes';
import { BASE, launch, newPage, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('prerendered public pages', () => {
  it('answers every public route with its page drawn, and the other routes with the empty shell', async () => {
    for (const route of PRERENDERED_ROUTES) {
      const r = await fetch(`${BASE}${route}`);
      expect(r.status, route).toBe(200);
      expect(r.headers.get('content-type'), route).toContain('text/html');
      const html = await r.text();
      expect(html, route).toMatch(/<div id="root"><a class="skip-link"[\s\S]*<h1[^>]*>[^<]+<\/h1>/);
      // its one script is inline, at the end of the body, allowed by its hash in the CSP (decision 180); the app's
      // code waits in the template until the first paint
      const outside = html.replace(/<template id="app-code">[\s\S]*?<\/template>/, '');
      expect(outside.match(/<script[^>]*>/g), route).toEqual(['<script>']);
      expect(outside, route).toMatch(/<script>[^<]+<\/script><\/body>/);
      const inline = /<script>([^<]+)<\/script>/.exec(outside)![1]!;
      const hash = createHash('sha256').update(inline).digest('base64');
      expect(r.headers.get('content-security-policy'), route).toContain(`'sha256-${hash}'`);
      expect(outside, route).not.toContain('modulepreload');
      expect(html, route).toMatch(/<template id="app-code"><script type="module" crossorigin src="\/assets\/index-/);
    }
    for (const route of ['/profile', '/sponsorship', '/admin', '/login', '/no-such-page']) {
      expect(await (await fetch(`${BASE}${route}`)).text(), route).toContain('<div id="root"></div>');
    }
  });

  it('shows the home page and the terms without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: BASE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/index');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy();
    await expect(page.locator('#membership-plans table').count()).resolves.toBe(1);
    await page.goto('/tnc');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(tnc.title);
    await context.close();
  });

  it('hydrates without a mismatch, then navigates as the app', async () => {
    const { context, page, problems } = await newPage(browser);
    for (const route of PRERENDERED_ROUTES) {
      await page.goto(route, { waitUntil: 'networkidle' });
      // React has taken the HTML over when the menu button opens the menu
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).resolves.toBe('true');
      await page.keyboard.press('Escape');
    }
    await page.goto('/index', { waitUntil: 'networkidle' });
    const html = await page.evaluate(() => document.documentElement.outerHTML.length);
    await page.getByRole('link', { name: 'Create Account to become member' }).click();
    await page.waitForURL('**/signup');
    expect(html).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("loads the app's code after the first paint, asks for no stylesheet it carries inline, and keeps its elements", async () => {
    const { context, page, problems } = await newPage(browser);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    // the page's scripts held back until the prerendered elements are marked
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/index', { waitUntil: 'commit' });
    await page.locator('footer').waitFor();
    await page.evaluate(() => {
      for (const el of document.querySelectorAll('h1, .nav .brand, #who-we-are p, footer a')) {
        (el as HTMLElement).dataset.before = 'hydration';
      }
    });
    release();
    await page.waitForLoadState('networkidle');
    // React has taken the page over when the menu opens
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('.menu-list').waitFor();
    await page.keyboard.press('Escape');
    // hydrated, not drawn again: the elements marked before are the ones on the page
    await expect(page.locator('[data-before="hydration"]').count()).resolves.toBeGreaterThan(4);
    await expect(page.locator('h1[data-before="hydration"]').count()).resolves.toBe(1);
    await expect(page.locator('footer a:not([data-before])').count()).resolves.toBe(0);
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      code: performance.getEntriesByType('resource').find((e) => /\/assets\/index-[^/]+\.js$/.test(e.name))?.startTime,
    }));
    expect(timing.code).toBeGreaterThanOrEqual(timing.paint);
    expect(requested.filter((p) => p.endsWith('.css'))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hands a tap and a search made before the app took the page over to the app, instead of losing them', async () => {
    const { context, page, problems } = await newPage(browser);
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    // parsed, and its one small script has run (DOMContentLoaded waits for it); the app's code is held back
    await page.goto('/index', { waitUntil: 'domcontentloaded' });
    // the menu button of the prerendered page, tapped while the app's code is still on its way
    await page.getByRole('button', { name: 'Menu' }).click();
    release();
    await page.locator('.menu-list').waitFor();
    await expect(page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).resolves.toBe('true');
    await context.close();

    // a volunteer's search sent from the /venue frame: kept for the app, not sent by the browser (a reload)
    const venue = await newPage(browser);
    await signIn(venue.page, 'volunteer@example.org', 'volunteer-demo-123');
    await venue.page.waitForURL('**/venue');
    let releaseVenue = () => {};
    const heldVenue = new Promise<void>((r) => {
      releaseVenue = r;
    });
    await venue.page.route('**/assets/index-*.js', async (route) => {
      await heldVenue;
      await route.continue();
    });
    await venue.page.goto('/venue', { waitUntil: 'domcontentloaded' });
    await venue.page.locator('#venue-q').fill('nobody@example.org');
    await venue.page.locator('#venue-q').press('Enter');
    releaseVenue();
    await venue.page.getByText('No pass order found for "nobody@example.org".').waitFor({ timeout: 20_000 });
    expect(venue.page.url()).toMatch(/\/venue$/);
    expect([...problems, ...venue.problems]).toEqual([]);
    await venue.context.close();
  });

  it("opens the menu on a tap made as soon as it shows, before the first drawing's effects have run", async () => {
    // A busy phone, made certain: every task of React's scheduler waits 300 ms (it uses setImmediate when there is
    // one), so the effects of the first drawing run well after it is on screen. The tap is made in between, as
    // soon as the button shows, on a page React draws itself (/login) and on one it takes over (/index).
    for (const path of ['/login', '/index']) {
      const { context, page, problems } = await newPage(browser, { width: 390 });
      await page.addInitScript(() => {
        (globalThis as { setImmediate?: unknown }).setImmediate = (f: () => void) => setTimeout(f, 300);
      });
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await page.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const started = Date.now();
            const poll = () => {
              const button = document.querySelector<HTMLButtonElement>('.menu-button');
              const root = document.getElementById('root')!;
              const key = Object.keys(root).find((k) => k.startsWith('__reactContainer$'));
              // drawn by React: its fiber root holds the page, no longer the prerendered HTML
              const fiberRoot = key ? (root as unknown as Record<string, { stateNode: any }>)[key]!.stateNode : null;
              if (button && fiberRoot?.current.memoizedState?.isDehydrated === false) {
                button.click();
                resolve();
              } else if (Date.now() - started > 20_000) reject(new Error('React never drew the page'));
              else setTimeout(poll, 1);
            };
            poll();
          }),
      );
      // the effects have run since: the menu is open and stays open
      await page.locator('.menu-list').waitFor({ timeout: 5_000 });
      await page.waitForTimeout(1_000);
      await expect(page.locator('.menu-list').count(), path).resolves.toBe(1);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('draws the frame of /membership and /venue without JavaScript, and no session or data in it', async () => {
    expect(PRERENDERED_FRAMES).toEqual(['/membership', '/venue']);
    const context = await browser.newContext({ baseURL: BASE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/membership');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Choose your Membership / Renewal Option',
    );
    await expect(page.locator('.ct-note').textContent()).resolves.toContain('Family benefit');
    await expect(page.locator('.ct-card').count()).resolves.toBe(0);
    await page.goto('/venue');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Venue Pass Collection');
    await context.close();
  });

  it('hydrates a frame for its member, then loads the data; a visitor without a session goes to login', async () => {
    const { context, page, problems } = await newPage(browser);
    const login = async (email: string, password: string) => {
      const r = await fetch(`${BASE}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return ((await r.json()) as { data: unknown }).data;
    };
    await page.goto('/membership', { waitUntil: 'networkidle' });
    await page.waitForURL('**/login?next=%2Fmembership');
    const member = await login('member@example.org', 'member-demo-123');
    await page.evaluate((value) => localStorage.setItem('user-info', JSON.stringify(value)), member);
    await page.goto('/membership', { waitUntil: 'networkidle' });
    await page.locator('.ct-card').first().waitFor();
    await page.locator('.menu-button').click();
    await page.locator('.menu-list').getByRole('link', { name: 'My Profile' }).waitFor();
    await page.keyboard.press('Escape');
    const volunteer = await login('volunteer@example.org', 'volunteer-demo-123');
    await page.evaluate((value) => localStorage.setItem('user-info', JSON.stringify(value)), volunteer);
    await page.goto('/venue', { waitUntil: 'networkidle' });
    await page.getByText(/Last synced: (?!never)/).waitFor();
    expect(page.url()).toMatch(/\/venue$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('draws the logged-in navigation after hydration for a stored session', async () => {
    const { context, page, problems } = await newPage(browser);
    // a real session: the app checks a stored one with the server (a made-up token is logged out)
    const login = await fetch(`${BASE}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member@example.org', password: 'member-demo-123' }),
    });
    const info = ((await login.json()) as { data: unknown }).data;
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('user-info', JSON.stringify(value)), info);
    await page.goto('/tnc', { waitUntil: 'networkidle' });
    // the HTML was drawn for a visitor; the stored session takes over once React has hydrated it
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Home' }).waitFor();
    // hydration may finish after the click on a busy machine: wait for the member's own entry
    await page.locator('.menu-list').getByRole('link', { name: 'My Profile' }).waitFor();
    await expect(page.locator('.menu-list').getByRole('link', { name: 'Login' }).count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps what a volunteer types into the /venue frame before React takes it over', async () => {
    const { context, page, problems } = await newPage(browser);
    await signIn(page, 'volunteer@example.org', 'volunteer-demo-123');
    await page.waitForURL('**/venue');
    // a slow phone: every script of the next load arrives 3 s late, the frame's HTML at once
    await page.route('**/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 3000));
      await route.continue();
    });
    await page.goto('/venue', { waitUntil: 'commit' });
    await page.locator('#venue-q').pressSequentially('member@', { delay: 20 });
    expect(await page.locator('#venue-q').inputValue()).toBe('member@');
    // hydrated and synced: the frame says "of . Last synced: never", the screen names the year once it has synced
    await page.getByText(/pass orders of \d{4}-\d{2}\. Last synced: \d/).waitFor({ timeout: 20_000 });
    await expect(page.locator('#venue-q').inputValue()).resolves.toBe('member@');
    await page.locator('#venue-q').pressSequentially('example.org');
    await expect(page.locator('#venue-q').inputValue()).resolves.toBe('member@example.org');
    expect(problems).toEqual([]);
    await context.close();
  });
});
