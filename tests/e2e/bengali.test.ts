// Bengali and English (issue 16) on a phone: the nav's switch, the first visit following the browser's
// language, <html lang>, the choice kept on the device and on the account, and signing up in Bengali with
// the verification email in Bengali. Screenshots of the Bengali pages go to /tmp/bn-*.png for a person to look at.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, launch, outbox, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function phone(opts: { width?: number; locale?: string } = {}) {
  const context = await browser.newContext({
    baseURL: BASE,
    viewport: { width: opts.width ?? 390, height: 844 },
    locale: opts.locale ?? 'en-US',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  return { context, page, problems };
}

/** Nothing wider than the screen: no sideways scrolling. */
async function fits(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

/** The elements that reach past the right edge, for the failure message. */
function wide(page: Page) {
  return page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > w + 1)
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} right=${Math.round(el.getBoundingClientRect().right)}`)
      .join('; ');
  });
}

describe('Bengali on a phone', () => {
  it('switches from the nav, keeps the choice on the device, and follows it in <html lang>', async () => {
    const { context, page, problems } = await phone({ width: 360 });
    await page.goto('/index');
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.screenshot({ path: '/tmp/en-nav-360.png' });
    expect(await fits(page), await wide(page)).toBe(true);
    // on a phone the switch is the first item of the menu (the bar has no room left)
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: /Switch to Bengali/ }).click();
    await page.getByRole('button', { name: 'মেনু' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn-IN');
    expect(page.url()).toBe(`${BASE}/index`);
    await page.getByRole('link', { name: 'কুপন | অর্ঘ্য' }).waitFor();
    await page.screenshot({ path: '/tmp/bn-home-360.png', fullPage: true });
    expect(await fits(page), await wide(page)).toBe(true);
    await page.getByRole('button', { name: 'মেনু' }).click();
    await page.locator('.menu-list').getByRole('link', { name: 'নিয়ম ও শর্তাবলি' }).waitFor();
    await page.screenshot({ path: '/tmp/bn-menu-360.png' });

    // a reload (a prerendered page) comes back in Bengali
    await page.reload();
    await page.getByRole('button', { name: 'মেনু' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn-IN');

    // and back to English
    await page.getByRole('button', { name: 'মেনু' }).click();
    await page.getByRole('button', { name: /Switch to English/ }).click();
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('samiti-lang'))).toBe('en');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('stands in the bar on a wider screen', async () => {
    const { context, page, problems } = await phone({ width: 1024 });
    await page.goto('/tnc');
    await page.getByRole('button', { name: /Switch to Bengali/ }).click();
    await page.getByRole('button', { name: /Switch to English/ }).waitFor();
    await page.getByRole('link', { name: 'কুপন | অর্ঘ্য' }).waitFor();
    await page.screenshot({ path: '/tmp/bn-tnc-1024.png' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('follows the browser language on the first visit', async () => {
    const { context, page, problems } = await phone({ locale: 'bn-IN' });
    await page.goto('/index');
    await page.getByRole('button', { name: 'মেনু' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn-IN');
    expect(await fits(page)).toBe(true);
    // the association's content in Bengali: the banner with the tithi, the sections, the plans and the footer
    await page.getByRole('heading', { level: 1, name: 'কালীপুজো 2026' }).waitFor();
    await page.getByText('কার্তিক অমাবস্যার রাতে কালীপুজো: রবিবার, 8 নভেম্বর 2026').waitFor();
    await page.getByRole('heading', { name: 'আমাদের সদস্যপদ' }).waitFor();
    await page.getByRole('link', { name: 'বার্ষিক পত্রিকা' }).waitFor();
    expect(await page.locator('img[alt="সন্ধ্যারতির আগে প্যান্ডেলের গেট"]').count()).toBeLessThanOrEqual(1);
    await page.screenshot({ path: '/tmp/bn-home-390.png', fullPage: true });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: '/tmp/bn-home-top.png' });
    await page.locator('#membership-plans').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/bn-home-plans.png' });
    for (const path of ['/tnc', '/responsibility', '/sponsors', '/magazine', '/2023', '/corporate']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'মেনু' }).waitFor();
      await page.locator('h1').first().waitFor();
      const h1 = await page.locator('h1').first().textContent();
      expect(h1, path).toMatch(/[\u0980-\u09FF]/);
      expect(await fits(page), `${path}: ${await wide(page)}`).toBe(true);
    }
    await page.goto('/tnc');
    await page.locator('h1').first().waitFor();
    await page.screenshot({ path: '/tmp/bn-tnc-390.png' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('signs up in Bengali: the account keeps Bengali and the verification email arrives in Bengali', async () => {
    const { context, page, problems } = await phone({ locale: 'bn-IN' });
    const email = uniqueEmail('bn');
    await page.goto('/signup');
    await page.getByRole('button', { name: 'মেনু' }).waitFor();
    await page.locator('input[type="text"], input:not([type])').first().fill('মিতালী বসু');
    await page.locator('input[type="email"]').fill(email);
    await page.locator('input[type="tel"]').fill('98450 12345');
    await page.locator('input[type="password"]').fill('first-password-1');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL('**/login');
    const [mail] = await outbox(email);
    expect(mail!.subject).toBe('আপনার ইমেল ঠিকানা যাচাই করুন');
    expect(mail!.text).toContain('নমস্কার মিতালী বসু,');
    expect(problems).toEqual([]);
    await context.close();
  });
});
