import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import gallery from '../../web/content/gallery.json';
import { BASE, launch, lieAboutOnline, loseNetwork, type NetworkLoss, restoreNetwork, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The shared newPage() blocks service workers; these tests need them. */
async function swPage(lying = false): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: BASE,
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'allow',
  });
  if (lying) await lieAboutOnline(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

async function waitForControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve()));
  });
}

const pngSize = (buf: ArrayBuffer) => {
  const v = new DataView(buf);
  expect(v.getUint32(0)).toBe(0x89504e47);
  return [v.getUint32(16), v.getUint32(20)];
};

describe('installable PWA', () => {
  it('serves a complete web app manifest with real icons', async () => {
    const m = await (await fetch(`${BASE}/manifest.webmanifest`)).json();
    expect(m).toMatchObject({
      name: expect.any(String),
      short_name: 'Samiti',
      display: 'standalone',
      start_url: expect.stringMatching(/^\/index/),
    });
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const icon = (size: string, purpose: string) =>
      m.icons.find((i: { sizes: string; purpose?: string }) => i.sizes === size && (i.purpose ?? 'any') === purpose);
    for (const [size, purpose, px] of [
      ['192x192', 'any', 192],
      ['512x512', 'any', 512],
      ['512x512', 'maskable', 512],
    ] as const) {
      const entry = icon(size, purpose);
      expect(entry, `${size} ${purpose}`).toBeTruthy();
      const r = await fetch(`${BASE}${entry.src}`);
      expect(r.status).toBe(200);
      expect(pngSize(await r.arrayBuffer())).toEqual([px, px]);
    }
  });

  it('registers a service worker, takes control and has no installability errors', async () => {
    const { context, page, errors } = await swPage();
    await page.goto('/index');
    await waitForControl(page);
    const sw = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
    expect(sw).toBe(`${BASE}/sw.js`);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito, which Chrome reports on its own; every other reason must be absent
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('offline after one visit', () => {
  // whether or not the browser reports navigator.onLine truthfully after an offline reload (Chromium 150 did not):
  // the banners follow failed requests (docs/decisions/150)
  it.each([false, true])(
    'reloads the public pages, shows the gallery and magazines already seen, and says actions need the network (navigator.onLine forced true: %s)',
    async (lying) => {
      const { context, page, errors } = await swPage(lying);
      await page.goto('/index');
      await waitForControl(page);
      // the pointer over the gallery holds its photo (it moves on every 5 s): the one read is the one in view
      await page.locator('.carousel-slide img').hover();
      const shown = await page.locator('.carousel-slide img').getAttribute('src');
      await page.locator('.carousel-slide img').scrollIntoViewIfNeeded();
      // a photo seen and a magazine opened while online
      await expect
        .poll(() => page.evaluate((u) => caches.match(u).then((r) => !!r), shown!), { timeout: 10_000 })
        .toBe(true);
      await page.evaluate(() => fetch('/magazines/magazine-2019.pdf').then((r) => r.arrayBuffer()));
      await expect
        .poll(() => page.evaluate(() => caches.match('/magazines/magazine-2019.pdf').then((r) => !!r)))
        .toBe(true);

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Kali Puja 2026' }).waitFor();
      await page.getByText('You are offline.', { exact: false }).first().waitFor();
      await page.getByText('This needs an internet connection.', { exact: false }).waitFor();

      for (const [path, h1] of [
        ['/responsibitity', 'Our Social Responsibility'],
        ['/tnc', 'Terms and Conditions'],
        ['/sponsors', 'Our Sponsors'],
        ['/magazine', 'Annual Magazine'],
        ['/2023', 'Kali Puja 2026: Venue and Schedule'],
        ['/corporate', 'Corporate Engagement'],
      ] as const) {
        await page.goto(path);
        await page.reload();
        await page.getByRole('heading', { level: 1, name: h1 }).waitFor();
      }
      const offline = await page.evaluate(async (photo) => {
        const pdf = await fetch('/magazines/magazine-2019.pdf');
        const img = await fetch(photo);
        return { pdf: pdf.status, pdfStart: (await pdf.text()).slice(0, 5), img: img.status };
      }, shown!);
      expect(offline).toEqual({ pdf: 200, pdfStart: '%PDF-', img: 200 });
      // the API is never served from a cache: offline, a call fails as a network error
      const apiOffline = await page.evaluate(() =>
        fetch('/api/isMembershipLive', { method: 'POST', body: '{}' }).then(
          () => 'answered',
          () => 'network error',
        ),
      );
      expect(apiOffline).toBe('network error');
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys())
          for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
        return urls;
      });
      expect(cached.filter((u) => u.startsWith('/api/'))).toEqual([]);
      expect(cached.some((u) => u.startsWith('/gallery/'))).toBe(true);
      expect(gallery.photos.some((p) => p.src === shown || p.srcSmall === shown)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
    60_000,
  );

  const losses: NetworkLoss[] = ['lie-fi, requests hang', 'lie-fi, requests fail'];
  it.each(losses)(
    'says so on lie-fi (%s), while navigator.onLine says online, and stops saying so when requests get through',
    async (loss) => {
      const { context, page, errors } = await swPage(true);
      await page.goto('/index');
      await waitForControl(page);
      await loseNetwork(context, loss);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Kali Puja 2026' }).waitFor();
      // nothing asked for the network on this page: the store's own probe finds out (a hung one when given up)
      await page.getByText('You are offline.', { exact: false }).first().waitFor({ timeout: 20_000 });
      await page.getByText('This needs an internet connection.', { exact: false }).waitFor();
      expect(await page.evaluate(() => navigator.onLine)).toBe(true);
      await restoreNetwork(context, loss);
      // the store asks again by itself (backing off, at most 15 s apart) and the banner goes
      await expect
        .poll(() => page.getByText('You are offline.', { exact: false }).count(), { timeout: 20_000 })
        .toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
    60_000,
  );
});

describe("a member's last-seen contributions offline", () => {
  it('shows the saved contribution list, marked as a saved copy, when the profile reloads offline', async () => {
    const { context, page, errors } = await swPage();
    await page.goto('/index');
    await waitForControl(page);
    await signIn(page, 'member@example.org', 'member-demo-123');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Your Profile and Contribution' }).waitFor();
    const list = page.locator('table.contributions, p.empty').first();
    await list.waitFor();
    const online = await list.innerText();
    expect(await page.getByText('This is the copy saved on', { exact: false }).count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Your Profile and Contribution' }).waitFor();
    await page.getByText('You are offline. This is the copy saved on', { exact: false }).waitFor();
    expect(await page.locator('table.contributions, p.empty').first().innerText()).toBe(online);

    // back online, the fresh list replaces the copy and the note goes away
    await context.setOffline(false);
    await page.reload();
    await page.locator('table.contributions, p.empty').first().waitFor();
    expect(await page.getByText('This is the copy saved on', { exact: false }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
