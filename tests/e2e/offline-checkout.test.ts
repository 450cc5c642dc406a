// Checkout with no connection (docs/decisions/151): /summary and /dpsummary say that the selection
// is kept and that payment waits for the network, show the cart saved on this device, never wait on "Loading…", and
// go on when requests get through again. Offline and on lie-fi, with navigator.onLine truthful or stuck at true; on a
// 390 px phone and a 1280 px laptop, axe-clean; screenshots in /tmp/offline-*.png.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBn } from '../../core/messages/areas/checkout.bn';
import {
  BASE,
  expectAccessible,
  launch,
  lieAboutOnline,
  loseNetwork,
  type NetworkLoss,
  post,
  restoreNetwork,
  uniqueEmail,
  watch,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A phone (or a laptop) with the service worker (a reload offline needs it), a fresh member and a server cart. */
async function memberPhone(
  picks: { code: string; qty: number }[],
  lying: boolean,
  width: number,
  lang: 'en' | 'bn-IN' = 'en',
) {
  const context: BrowserContext = await browser.newContext({
    baseURL: BASE,
    viewport: { width, height: width === 390 ? 844 : 800 },
    serviceWorkers: 'allow',
  });
  if (lying) await lieAboutOnline(context);
  const page: Page = await context.newPage();
  const problems = watch(page);
  const info = await post('signUpAndLogin', {
    name: 'Offline Buyer',
    email: uniqueEmail('offline-pay'),
    mobile: '98450 22222',
    password: 'kali-puja-2026',
    iid: crypto.randomUUID(),
  });
  const products = await post('getProducts', {}, info.session);
  const passes = await post('getUProducts', {}, info.session);
  const all = [...products.productsResponses.MEMBERSHIP, ...passes.productsResponses.DAILY_PASS];
  const productQtys: Record<string, object> = {};
  for (const p of picks)
    productQtys[all.find((x: { code: string }) => x.code === p.code).id] = { qty: p.qty, code: p.code };
  await post('addToCart', { productQtys }, info.session);
  await page.goto('/index');
  await page.evaluate(
    ([i, l]) => {
      localStorage.setItem('user-info', JSON.stringify({ ...i, lang: l }));
      localStorage.setItem('samiti-lang', l);
    },
    [info, lang] as const,
  );
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((r) => navigator.serviceWorker.addEventListener('controllerchange', () => r()));
  });
  return { context, page, problems };
}

const note = (page: Page) =>
  page.locator('[data-offline-note]').filter({ hasText: 'Your selection is kept on this device' });

describe.each([390, 1280])('checkout with no connection at %i px', (width) => {
  const cases: [NetworkLoss, boolean][] = [
    ['offline', false],
    ['offline', true],
    ['lie-fi, requests hang', true],
    ['lie-fi, requests fail', true],
  ];
  it.each(cases)(
    '/dpsummary keeps the cart and waits to pay (%s; navigator.onLine forced true: %s), then goes on',
    async (loss, lying) => {
      const { context, page, problems } = await memberPhone([{ code: 'DPDY', qty: 2 }], lying, width);
      await page.goto('/dpsummary');
      await page.getByTestId('summary-total').waitFor();
      const total = await page.getByTestId('summary-total').textContent();

      await loseNetwork(context, loss);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      // the cart saved on this device, at once offline, within moments on a link where requests hang
      await page.getByTestId('summary-total').waitFor({ timeout: 6_000 });
      expect(await page.getByTestId('summary-total').textContent()).toBe(total);
      expect(await page.getByText('Loading…').count()).toBe(0);
      await note(page).waitFor();
      expect(await page.getByRole('button', { name: /^Pay Now/ }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: /^Direct Transfer/ }).isDisabled()).toBe(true);
      // one note, not the general banner stacked under it (docs/decisions/107)
      await expect
        .poll(() => page.locator('.offline-banner, [data-offline-note]').filter({ visible: true }).count())
        .toBe(1);
      await expectAccessible(page);
      await page.screenshot({ path: `/tmp/offline-dpsummary-${loss.replace(/\W+/g, '-')}-${lying}-${width}.png` });

      // requests get through again: the page loads afresh and payment can go on. A browser that tells the truth
      // says so; otherwise the buyer's "Try again now" is the next request.
      await restoreNetwork(context, loss);
      if (lying) await page.getByRole('button', { name: 'Try again now' }).click();
      await expect.poll(() => note(page).count(), { timeout: 10_000 }).toBe(0);
      const transfer = page.getByRole('button', { name: /^Direct Transfer/ });
      await expect.poll(() => transfer.isEnabled()).toBe(true);
      await transfer.click();
      await page.getByRole('dialog').waitFor();
      expect(problems).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it('a tap on Pay that gets nothing through (lie-fi, navigator.onLine true) says payment waits, keeping the cart', async () => {
    const { context, page, problems } = await memberPhone([{ code: 'DPDY', qty: 1 }], true, width);
    await page.goto('/dpsummary');
    await page.getByTestId('summary-total').waitFor();
    const total = await page.getByTestId('summary-total').textContent();
    // the connection goes while the page is open: nothing tells the page until a request fails
    await loseNetwork(context, 'lie-fi, requests fail');
    await page.getByRole('button', { name: /^Direct Transfer/ }).click();
    await note(page).waitFor();
    expect(await page.getByTestId('summary-total').textContent()).toBe(total);
    await expect.poll(() => page.getByRole('button', { name: /^Direct Transfer/ }).isDisabled()).toBe(true);
    await expectAccessible(page);
    // the store asks again by itself (at most 15 s apart): no tap needed for the page to go on
    await restoreNetwork(context, 'lie-fi, requests fail');
    await expect.poll(() => note(page).count(), { timeout: 25_000 }).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: /^Direct Transfer/ }).isEnabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("/dpsummary with no connection, in Bengali: the same note in the reader's words, nothing to pay with", async () => {
    const { context, page, problems } = await memberPhone([{ code: 'DPDY', qty: 2 }], false, width, 'bn-IN');
    await page.goto('/dpsummary');
    await page.getByTestId('summary-total').waitFor();
    const total = await page.getByTestId('summary-total').textContent();
    await loseNetwork(context, 'offline');
    await page.reload();
    await page.getByTestId('summary-total').waitFor({ timeout: 6_000 });
    expect(await page.getByTestId('summary-total').textContent()).toBe(total);
    await page.locator('[data-offline-note]').getByText(checkoutBn['checkout.offlineKept']).waitFor();
    await page.getByRole('button', { name: checkoutBn['checkout.offlineRetry'] }).waitFor();
    const pay = page.locator('.pay-card button');
    expect(await pay.count()).toBeGreaterThan(0);
    for (const b of await pay.all()) expect(await b.isDisabled()).toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: `/tmp/offline-dpsummary-bn-${width}.png` });
    await restoreNetwork(context, 'offline');
    await expect.poll(() => page.locator('[data-offline-note]').count(), { timeout: 10_000 }).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('/summary with nothing saved on this device says the selection is kept, never "Loading…"', async () => {
    const { context, page, problems } = await memberPhone([{ code: 'MABD', qty: 1 }], true, width);
    // the cart was chosen, but this device never showed it: nothing saved
    await loseNetwork(context, 'lie-fi, requests fail');
    await page.goto('/summary');
    await page.getByRole('heading', { name: 'No connection' }).waitFor({ timeout: 10_000 });
    await note(page).waitFor();
    await page.getByRole('link', { name: 'See your selection' }).waitFor();
    expect(await page.getByText('Loading…').count()).toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: `/tmp/offline-summary-nothing-saved-${width}.png` });
    await restoreNetwork(context, 'lie-fi, requests fail');
    await page.getByRole('button', { name: 'Try again now' }).click();
    await page.getByTestId('summary-total').waitFor();
    expect(await note(page).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
