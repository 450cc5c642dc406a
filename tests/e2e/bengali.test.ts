// Bengali and English on a phone: the nav's switch, the first visit following the browser's
// language, <html lang>, the choice kept on the device and on the account, and signing up in Bengali with
// the verification email in Bengali. Screenshots of the Bengali pages go to /tmp/bn-*.png for a person to look at.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUtr } from '../fixtures/bank-statements';
import {
  adminTabNames,
  BASE,
  launch,
  lieAboutOnline,
  openAdminTab,
  outbox,
  post,
  reviewSelection,
  uniqueEmail,
} from './browser';

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

/**
 * A fresh account with a role, granted by the demo admin through the API. Signing in on a Bengali phone saves
 * Bengali on the account, and the account's language then follows it to every device: the demo accounts that
 * the English tests share must not be used for that.
 */
async function staff(role: 'admin' | 'volunteer') {
  const email = uniqueEmail(`bn${role}`);
  const password = `${role}-pass-123`;
  await post('signUpAndLogin', { name: `Bengali ${role}`, mobile: '9845011111', email, password });
  const admin = await post('login', { email: 'admin@example.org', password: 'admin-demo-123' });
  await post('setUserRole', { email, role, granted: true }, admin.session);
  return { email, password };
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

/**
 * English sentences left on a Bengali screen: runs of four or more English words in the page's main part and
 * bar. Names, codes, addresses and the association's name are allowed (they are data, not interface).
 */
function untranslated(page: Page, ignore = '') {
  return page.evaluate((skip) => {
    // names, codes and the API's own words (an audit filter's entity names) are data, not interface
    const allowed = [
      /Samiti Bengali Cultural Association/,
      /Example Layout/,
      /Community Hall/,
      /HOI HULLOR/,
      /order, product, user, setting/,
    ];
    const parts: string[] = [];
    for (const root of document.querySelectorAll('header, main')) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!el || (skip && el.closest(skip)) || !el.checkVisibility?.()) continue;
        parts.push(n.textContent ?? '');
      }
    }
    const runs = parts.join('\n').match(/[A-Za-z]{2,}(?:[ ,'’/()-]+[A-Za-z]{2,}){3,}/g) ?? [];
    return runs.filter((r) => !allowed.some((a) => a.test(r)));
  }, ignore);
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
    for (const path of ['/tnc', '/responsibitity', '/sponsors', '/magazine', '/2023', '/corporate']) {
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

  it('walks a membership by direct transfer, the profile and the venue in Bengali, with the emails in Bengali', async () => {
    // the admins have written the plans' Bengali descriptions (All Products)
    const admin = await post('login', { email: 'admin@example.org', password: 'admin-demo-123' });
    const all = (await post('getUnGropedProducts', {}, admin.session)) as { id: number; code: string }[];
    const descBn: Record<string, string> = {
      MABD: 'পুজোর দিনগুলিতে সপ্তমী, অষ্টমী আর নবমীর ভোগ, সদস্যদের আলাদা লাইন আর গাড়ি রাখার জায়গা।',
      MHHR: 'ডান্ডিয়া, সাংস্কৃতিক অনুষ্ঠান আর সপ্তমীর ভোগ, সদস্যদের আলাদা লাইন আর গাড়ি রাখার জায়গা।',
      MUTV: 'সব কিছু, সঙ্গে নৈশভোজ আর লক্ষ্মী, কালী ও সরস্বতী পুজোর ভোগ। তিন বা তার বেশি জনের পরিবারে মাথাপিছু খরচ কম।',
    };
    for (const p of all.filter((x) => descBn[x.code])) {
      await post('setProductBengali', { id: p.id, nameBn: '', descBn: descBn[p.code] }, admin.session);
    }

    const { context, page, problems } = await phone({ locale: 'bn-IN' });
    const email = uniqueEmail('bnwalk');
    await page.goto('/signup');
    await page.getByRole('heading', { level: 1, name: 'অ্যাকাউন্ট খুলুন' }).waitFor();
    await page.getByLabel('পুরো নাম').fill('সুমিত্রা ঘোষ');
    await page.getByLabel('ইমেল').fill(email);
    await page.getByLabel('মোবাইল').fill('98450 22222');
    await page.getByLabel('পাসওয়ার্ড').fill('shubho-bijoya-1');
    await page.locator('form').getByRole('button', { name: 'অ্যাকাউন্ট খুলুন' }).click();
    await page.waitForURL('**/login');
    // the Login screen itself (a lazy chunk): the sign-up form may still be up for a moment
    await page.getByRole('heading', { level: 1, name: 'লগইন' }).waitFor();
    await page.getByLabel('ইমেল').fill(email);
    await page.getByLabel('পাসওয়ার্ড').fill('shubho-bijoya-1');
    await page.getByRole('button', { name: 'লগইন করুন' }).click();
    await page.waitForURL('**/membership', { timeout: 8000 }).catch(async (e) => {
      await page.screenshot({ path: '/tmp/bn-login-fail.png' });
      throw e;
    });

    await page.getByRole('button', { name: 'একটি AASHIRBAD যোগ করুন' }).click();
    expect(await untranslated(page), 'membership').toEqual([]);
    await page.screenshot({ path: '/tmp/bn-membership-390.png' });
    await page.getByRole('button', { name: 'স্পনসরশিপে এগিয়ে যান' }).click();
    await page.waitForURL('**/sponsorship');
    await reviewSelection(page, { review: 'আপনার বাছাই মিলিয়ে নিন', yes: 'হ্যাঁ, এগোই' });
    await page.getByRole('heading', { level: 1, name: 'অনুদানের হিসেব' }).waitFor();
    await page.getByLabel('* বাড়ির নম্বর, বাড়ি/আবাসনের নাম').fill('7 গোলাপ আবাসন');
    await page.getByLabel('* শহর').fill('বেঙ্গালুরু');
    await page.getByLabel('* রাজ্য').fill('কর্ণাটক');
    await page.getByLabel('* পিন কোড').fill('560034');
    await page.getByLabel('* আমাদের কথা কোথা থেকে জানলেন?').selectOption('Other');
    await page.getByLabel('*কে জানিয়েছেন').fill('রুমা');
    expect(await untranslated(page), 'summary').toEqual([]);
    expect(await fits(page), await wide(page)).toBe(true);
    await page.screenshot({ path: '/tmp/bn-summary-390.png', fullPage: true });
    await page.getByRole('button', { name: 'সরাসরি ট্রান্সফার ₹1,500.00' }).click();
    // one transfer dialog, as on the profile (docs/decisions/163)
    const share = page.getByRole('dialog', { name: 'টাকা দিন ও তথ্য জানান' });
    await share.getByLabel('ব্যাঙ্ক / UPI ট্রানজ্যাকশন আইডি').fill(newUtr());
    await share.getByRole('button', { name: 'পেমেন্টের তথ্য জানান' }).click();
    await page.getByRole('heading', { level: 1, name: 'ধন্যবাদ! আমরা আপনার ট্রান্সফার যাচাই করব' }).waitFor();

    // the emails of this walk arrive in Bengali (the account took the screens' language at sign-up)
    const subjects = (await outbox(email)).map((m) => m.subject);
    expect(
      subjects.some((s) => /^আপনার অনুদানের তথ্য আমরা পেয়েছি: SMT\d+$/.test(s)),
      subjects.join(' | '),
    ).toBe(true);
    expect(subjects).toContain('আপনার ইমেল ঠিকানা যাচাই করুন');

    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'আপনার প্রোফাইল ও অনুদান' }).waitFor();
    await page.locator('table.contributions tbody tr').first().getByText('যাচাইয়ের অপেক্ষায়').waitFor();
    expect(await untranslated(page), 'profile').toEqual([]);
    expect(await fits(page), await wide(page)).toBe(true);
    await page.screenshot({ path: '/tmp/bn-profile-390.png', fullPage: true });
    expect(problems).toEqual([]);
    await context.close();

    // a volunteer's phone in Bengali: the venue screen
    const vol = await phone({ locale: 'bn-IN', width: 360 });
    await vol.page.goto('/login');
    await vol.page.getByRole('heading', { level: 1, name: 'লগইন' }).waitFor();
    const volunteer = await staff('volunteer');
    await vol.page.getByLabel('ইমেল').fill(volunteer.email);
    await vol.page.getByLabel('পাসওয়ার্ড').fill(volunteer.password);
    await vol.page.getByRole('button', { name: 'লগইন করুন' }).click();
    await vol.page.waitForURL('**/venue');
    await vol.page.getByRole('heading', { level: 1, name: 'মণ্ডপে পাস বিতরণ' }).waitFor();
    expect(await untranslated(vol.page), 'venue').toEqual([]);
    expect(await fits(vol.page), await wide(vol.page)).toBe(true);
    await vol.page.screenshot({ path: '/tmp/bn-venue-360.png', fullPage: true });
    expect(vol.problems).toEqual([]);
    await vol.context.close();
  }, 120_000);

  // whether or not the browser reports navigator.onLine truthfully after an offline reload (docs/decisions/150)
  it.each([false, true])(
    'opens the Bengali public pages, with their type, offline after one visit (navigator.onLine forced true: %s)',
    async (lying) => {
      const context = await browser.newContext({
        baseURL: BASE,
        viewport: { width: 360, height: 740 },
        locale: 'bn-IN',
        serviceWorkers: 'allow',
      });
      if (lying) await lieAboutOnline(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('/index');
      await page.getByRole('button', { name: 'মেনু' }).waitFor();
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (navigator.serviceWorker.controller) return;
        await new Promise<void>((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve()),
        );
      });
      // the Bengali type is precached with the app
      await expect
        .poll(() =>
          page.evaluate(async () =>
            (
              await Promise.all(
                [
                  '/fonts/noto-sans-bengali-bengali-400-normal.woff2',
                  '/fonts/noto-sans-bengali-bengali-700-normal.woff2',
                ].map((u) => caches.match(u, { ignoreSearch: true }).then((r) => !!r)),
              )
            ).every(Boolean),
          ),
        )
        .toBe(true);

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'কালীপুজো 2026' }).waitFor();
      await page.getByText('আপনি অফলাইন।', { exact: false }).first().waitFor();
      for (const [path, h1] of [
        ['/tnc', 'নিয়ম ও শর্তাবলি'],
        ['/responsibitity', 'আমাদের সামাজিক দায়বদ্ধতা'],
        ['/sponsors', 'আমাদের স্পনসর'],
        ['/2023', 'কালীপুজো 2026: মণ্ডপ ও অনুষ্ঠানসূচি'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: h1 }).waitFor();
      }
      // the text is drawn in the Bengali face (from the cache), not in boxes of a fallback font
      expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Bengali"', 'অ'))).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
    90_000,
  );

  it('shows the admin console in Bengali, every tab, with no English sentence left', async () => {
    const { context, page, problems } = await phone({ locale: 'bn-IN' });
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'লগইন' }).waitFor();
    const admin = await staff('admin');
    await page.getByLabel('ইমেল').fill(admin.email);
    await page.getByLabel('পাসওয়ার্ড').fill(admin.password);
    await page.getByRole('button', { name: 'লগইন করুন' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { level: 1, name: 'অ্যাডমিন কনসোল' }).waitFor();
    const left: string[] = [];
    for (const name of await adminTabNames(page)) {
      await openAdminTab(page, name);
      await page.waitForTimeout(400);
      // the lists' cells and pickers hold the admins' and members' data (names, reasons)
      for (const run of await untranslated(page, 'td.stack-title, td[data-label], option, pre'))
        left.push(`${name}: ${run}`);
    }
    expect(left).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
