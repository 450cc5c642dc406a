// The phone's words at 390 px and 1280 px, in English and Bengali: toasts that cover no control and do not outlive their
// page, problems said at the field (docs/decisions/160); the bar opaque after a small scroll and a reload that does
// not land below the page (161); Start Over that asks (162); the words (163); the admin's language (164); the site
// that looks current (165). Screenshots go to /tmp/phone-words-*.png for a person to look at.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributeEn } from '../../core/messages/areas/contribute.en';
import { contributeBn } from '../../core/messages/areas/contribute.bn';
import { membershipBn } from '../../core/messages/areas/membership.bn';
import { membershipEn } from '../../core/messages/areas/membership.en';
import { bn } from '../../core/messages/bn';
import { en } from '../../core/messages/en';
import { memberBn } from '../../core/messages/member.bn';
import { memberEn } from '../../core/messages/member.en';
import { newUtr } from '../fixtures/bank-statements';
import {
  adminTabNames,
  BASE,
  coveredByToasts,
  expectAccessible,
  launch,
  openAdminTab,
  post,
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

const WIDTHS = [390, 1280] as const;
const LOCALES = ['en-US', 'bn-IN'] as const;
type Locale = (typeof LOCALES)[number];

/** The screens' words in each language, from the catalogues themselves (core/messages), not guessed here. */
const CATALOGUE = {
  'en-US': { ...en, ...contributeEn, ...membershipEn, ...memberEn },
  'bn-IN': { ...bn, ...contributeBn, ...membershipBn, ...memberBn },
};
type Key = keyof (typeof CATALOGUE)['en-US'];
function words(locale: Locale, key: Key, params: Record<string, string> = {}): string {
  return CATALOGUE[locale][key].replace(/\{(\w+)\}/g, (all, name: string) => params[name] ?? all);
}
/** A message's words up to its first placeholder (what comes after depends on the cart). */
const wordsBefore = (locale: Locale, key: Key) => CATALOGUE[locale][key].split('{')[0]!;
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function open(width: number, locale = 'en-US') {
  const context: BrowserContext = await browser.newContext({
    baseURL: BASE,
    viewport: { width, height: width === 390 ? 844 : 800 },
    locale,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const problems = watch(page);
  return { context, page, problems };
}

/** A fresh member, signed in on `page`; in Bengali when `locale` says so (the device's and the account's choice). */
async function member(page: Page, tag = 'words', locale: Locale = 'en-US') {
  const email = uniqueEmail(tag);
  const info = await post('signUpAndLogin', {
    name: 'Mitali Sen',
    email,
    mobile: '98450 22222',
    password: 'kali-puja-2026',
    iid: crypto.randomUUID(),
  });
  const lang = locale === 'bn-IN' ? 'bn-IN' : 'en';
  if (lang !== 'en') await post('setLanguage', { lang }, info.session);
  await page.goto('/tnc');
  await page.evaluate(
    ([i, l]) => {
      localStorage.setItem('user-info', JSON.stringify({ ...i, lang: l }));
      localStorage.setItem('samiti-lang', l);
    },
    [info, lang] as const,
  );
  return { email, token: info.session as string };
}

async function cart(token: string, items: { code: string; qty: number }[]) {
  const [a, b] = await Promise.all([post('getProducts', {}, token), post('getUProducts', {}, token)]);
  const all = [...a.productsResponses.MEMBERSHIP, ...b.productsResponses.DAILY_PASS] as { id: number; code: string }[];
  const productQtys = Object.fromEntries(
    items.map((i) => [String(all.find((p) => p.code === i.code)!.id), { qty: i.qty, code: i.code }]),
  );
  await post('addToCart', { productQtys }, token);
}

/** The faces Chromium drew the first element matching `selector` in (the devtools protocol's platform fonts). */
async function drawnIn(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((f) => f.familyName);
  } finally {
    await cdp.detach();
  }
}

async function expectFieldError(page: Page, field: string, text: string | RegExp) {
  const input = page.locator(`[name="${field}"]`);
  const message = async () => {
    const id = await input.getAttribute('aria-describedby');
    return id ? page.locator(`[id="${id}"]`).textContent() : null;
  };
  // the message of this submit, not the one before it
  if (typeof text === 'string') await expect.poll(message).toBe(text);
  else await expect.poll(message).toMatch(text);
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  const id = (await input.getAttribute('aria-describedby'))!;
  expect(await page.locator(`[id="${id}"]`).getAttribute('role')).toBe('alert');
  await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
}

describe('toasts cover nothing and do not outlive their page', () => {
  for (const width of WIDTHS) {
    for (const locale of LOCALES) {
      it(`at ${width} px in ${locale}: one benefit note at a time in the total bar, not over "Proceed for Sponsorship"`, async () => {
        const { page, problems, context } = await open(width, locale);
        const { token } = await member(page, 'words', locale);
        // the plan's name as the screen says it: the product's own Bengali name where it has one
        const plans = (await post('getProducts', {}, token)).productsResponses.MEMBERSHIP as {
          name: string;
          nameBn?: string;
        }[];
        const utsav = plans.find((p) => p.name === 'UTSAV')!;
        const plan = locale === 'bn-IN' ? (utsav.nameBn ?? utsav.name) : utsav.name;
        await page.goto('/membership');
        const plus = page.getByRole('button', { name: words(locale, 'stepper.add', { name: plan }) });
        for (let i = 0; i < 4; i++) await plus.click();
        await page.getByText(wordsBefore(locale, 'utsav.ten')).waitFor();
        // the 5% note of the third click is replaced by the 10% one, not stacked under it
        expect(await page.locator('.toast').count()).toBe(1);
        expect(await page.locator('.ct-bar .toast').count()).toBe(1);
        expect(await coveredByToasts(page)).toEqual([]);
        const proceed = (await page
          .getByRole('button', { name: words(locale, 'contribute.proceedSponsorship') })
          .boundingBox())!;
        const note = (await page.locator('.toast').boundingBox())!;
        expect(note.y + note.height).toBeLessThanOrEqual(proceed.y + 1);
        // the note and the bar within the screen, side by side with nothing cut off
        expect(note.x).toBeGreaterThanOrEqual(0);
        expect(note.x + note.width).toBeLessThanOrEqual(width);
        await expectAccessible(page);
        await page.screenshot({ path: `/tmp/phone-words-benefit-${locale}-${width}.png` });
        expect(problems).toEqual([]);
        await context.close();
      });
    }

    it(`at ${width} px: the extra contribution is checked at its field, and nothing follows the buyer to /dpsummary`, async () => {
      const { page, problems, context } = await open(width);
      await member(page);
      await page.goto('/dmPass');
      await page.getByRole('button', { name: 'Add one Adda and Snacks Pass' }).click();
      await page.getByRole('button', { name: 'Proceed', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add an extra contribution?' });
      await dialog.getByLabel('Contribution amount (₹)').fill('0');
      await dialog.getByRole('button', { name: 'Proceed with Contribution' }).click();
      await expectFieldError(page, 'extraContribution', 'Please add the amount to contribute!');
      await dialog.getByLabel('Contribution amount (₹)').fill('2.5');
      await dialog.getByRole('button', { name: 'Proceed with Contribution' }).click();
      await expectFieldError(page, 'extraContribution', /whole number of rupees/);
      expect(await page.locator('.toast').count()).toBe(0);
      await expectAccessible(page);
      await page.screenshot({ path: `/tmp/phone-words-extra-${width}.png` });
      await dialog.getByLabel('Contribution amount (₹)').fill('101');
      await dialog.getByRole('button', { name: 'Proceed with Contribution' }).click();
      await page.waitForURL('**/dpsummary');
      await page.getByRole('button', { name: /^Pay Now ₹/ }).waitFor();
      expect(await page.locator('.toast').count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`at ${width} px: a refusal of Pay Now is said in the pay card above its buttons, and goes with the page`, async () => {
      const { page, problems, context } = await open(width);
      const { token } = await member(page);
      await cart(token, [{ code: 'DPAD', qty: 2 }]);
      await page.goto('/dpsummary');
      const pay = page.getByRole('button', { name: /^Pay Now ₹/ });
      await pay.waitFor();
      await post('deleteCart', {}, token); // emptied on another device meanwhile
      await pay.click();
      const toast = page.locator('.pay-card .toast');
      await toast.getByText('Your cart is empty').waitFor();
      expect(await coveredByToasts(page)).toEqual([]);
      expect((await toast.boundingBox())!.y + (await toast.boundingBox())!.height).toBeLessThanOrEqual(
        (await pay.boundingBox())!.y + 1,
      );
      await expectAccessible(page);
      await page.screenshot({ path: `/tmp/phone-words-refusal-${width}.png` });
      // at once to another page: the error stays behind
      await page.getByRole('link', { name: 'Coupons | Offering' }).click();
      await page.waitForURL('**/dmPass');
      await page.getByRole('heading', { level: 1, name: 'Coupons | Offering' }).waitFor();
      expect(await page.locator('.toast').count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`at ${width} px: the transfer dialog says its problems at the field, none over "Update Payment Details"`, async () => {
      const { page, problems, context } = await open(width);
      const { token } = await member(page);
      await cart(token, [{ code: 'DPAD', qty: 1 }]);
      // a transaction id someone else has shared already
      const other = await post('signUpAndLogin', {
        name: 'Other Payer',
        email: uniqueEmail('other'),
        mobile: '98450 44444',
        password: 'kali-puja-2026',
        iid: crypto.randomUUID(),
      });
      await cart(other.session, [{ code: 'DPAD', qty: 1 }]);
      const theirs = await post('startOrder', { offline: true }, other.session);
      const used = newUtr();
      await post(
        'handleOfflineOrder',
        { isOffline: true, offlineTxnId: used, offlineBankName: null, orderRcptId: theirs.orderRcptId },
        other.session,
      );
      await page.goto('/dpsummary');
      await page.getByRole('button', { name: /^Direct Transfer ₹/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Pay and Share details' });
      const submit = dialog.getByRole('button', { name: 'Update Payment Details' });
      await submit.click();
      await expectFieldError(page, 'offlineTxnId', 'Please add the Bank/UPI transaction id to proceed');
      await dialog.getByLabel('Bank / UPI Transaction ID').fill(used);
      await submit.click();
      await expectFieldError(page, 'offlineTxnId', /already been shared/);
      expect(await coveredByToasts(page)).toEqual([]);
      expect(await page.locator('.toast').count()).toBe(0);
      await expectAccessible(page);
      await page.screenshot({ path: `/tmp/phone-words-transfer-${width}.png` });
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`at ${width} px: Register to Proceed marks and focuses its fields like /signup`, async () => {
      const { page, problems, context } = await open(width);
      await page.goto('/dmPass');
      await page.getByRole('button', { name: 'Add one Adda and Snacks Pass' }).click();
      await page.getByRole('button', { name: 'Proceed', exact: true }).click();
      await page.getByRole('button', { name: 'Skip Contribution' }).click();
      const dialog = page.getByRole('dialog', { name: 'Register to Proceed' });
      await dialog.getByLabel('Full Name').fill('Rina Paul');
      await dialog.getByRole('button', { name: 'Register and Proceed' }).click();
      await expectFieldError(page, 'email', 'All fields are Mandatory!');
      await dialog.getByLabel('Email').fill('rina@');
      await dialog.getByLabel('Mobile').fill('98450 55555');
      await dialog.getByLabel('Password').fill('kali-puja-2026');
      await dialog.getByRole('button', { name: 'Register and Proceed' }).click();
      await expectFieldError(page, 'email', 'Please enter a valid email!');
      // the server's refusal of a taken email goes under the email field too
      await dialog.getByLabel('Email').fill('member@example.org');
      await dialog.getByRole('button', { name: 'Register and Proceed' }).click();
      await expectFieldError(page, 'email', /already exists/);
      expect(await page.locator('.toast').count()).toBe(0);
      await expectAccessible(page);
      await page.screenshot({ path: `/tmp/phone-words-register-${width}.png` });
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('a toast over the page keeps off every control: the profile, the admin console', async () => {
    for (const width of WIDTHS) {
      const { page, problems, context } = await open(width);
      await member(page);
      await page.goto('/profile');
      await page.getByRole('tab', { name: 'Profile' }).click();
      await page.getByRole('button', { name: 'Send Email Verification Link' }).click();
      await page.locator('.toast').getByText('We have sent verification link, please check your Mail!').waitFor();
      expect(await coveredByToasts(page), `${width}`).toEqual([]);
      await expectAccessible(page);
      // the message of /profile does not follow to the next page
      await page.getByRole('link', { name: 'Coupons | Offering' }).click();
      await page.getByRole('heading', { level: 1, name: 'Coupons | Offering' }).waitFor();
      expect(await page.locator('.toast').count()).toBe(0);

      const admin = await post('login', { email: 'admin@example.org', password: 'admin-demo-123' });
      await page.evaluate((i) => localStorage.setItem('user-info', JSON.stringify(i)), admin);
      await page.goto('/admin');
      await openAdminTab(page, 'Settings');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await page.locator('.toast').getByText('Settings saved.').waitFor();
      expect(await coveredByToasts(page), `${width} admin`).toEqual([]);
      await expectAccessible(page);
      await page.screenshot({ path: `/tmp/phone-words-admin-toast-${width}.png` });
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('the bar and the scroll position', () => {
  it('the bar is opaque after a small scroll, on a short page too', async () => {
    for (const width of WIDTHS) {
      const { page, problems, context } = await open(width);
      await page.goto('/login');
      await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
      const background = () => page.locator('header.nav').evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(await background()).toBe('rgba(0, 0, 0, 0)');
      await page.mouse.wheel(0, 24);
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
      await expect.poll(background).toBe('rgb(255, 255, 255)');
      await page.screenshot({ path: `/tmp/phone-words-bar-${width}.png` });
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('a reload of /dpsummary after choosing direct transfer at the bottom shows the page, not a blank stretch', async () => {
    for (const width of WIDTHS) {
      const { page, problems, context } = await open(width);
      const { token } = await member(page);
      await cart(token, [{ code: 'DPAD', qty: 3 }]);
      await page.goto('/dpsummary');
      const transfer = page.getByRole('button', { name: /^Direct Transfer ₹/ });
      await transfer.waitFor();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
      await transfer.click();
      await page.getByRole('dialog', { name: 'Pay and Share details' }).waitFor();
      await page.reload();
      // the cart became an order: the page is short now, and its card is on screen
      const card = page.getByText('Your cart is empty.');
      await card.waitFor();
      await page.waitForTimeout(500);
      const box = (await card.boundingBox())!;
      expect(box.y, `${width}`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${width}`).toBeLessThanOrEqual(width === 390 ? 844 : 800);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('Start Over on the summary', () => {
  for (const width of WIDTHS) {
    for (const locale of LOCALES) {
      it(`at ${width} px in ${locale}: sits away from the pay buttons and asks before it empties the cart`, async () => {
        const { page, problems, context } = await open(width, locale);
        const { token } = await member(page, 'words', locale);
        await cart(token, [{ code: 'MABD', qty: 1 }]);
        await page.goto('/summary');
        const name = words(locale, 'ck.startOver');
        const startOver = page.getByRole('button', { name });
        await startOver.waitFor();
        expect(await page.locator('.pay-card').getByRole('button', { name }).count()).toBe(0);
        const so = (await startOver.boundingBox())!;
        const [payBefore, payAfter] = words(locale, 'ck.payOnline').split('{amount}') as [string, string];
        const pay = (await page
          .getByRole('button', { name: new RegExp(`^${literal(payBefore)}.*${literal(payAfter)}$`) })
          .boundingBox())!;
        expect(pay.y - (so.y + so.height)).toBeGreaterThan(150);
        await startOver.click();
        const ask = page.getByRole('dialog', { name: words(locale, 'ck.startOverTitle') });
        await ask.getByText(`${wordsBefore(locale, 'ck.startOverBody')}₹1,500.00`).waitFor();
        // the safe answer is first and has the focus
        const keep = ask.getByRole('button', { name: words(locale, 'ck.startOverNo') });
        await expect.poll(() => keep.evaluate((el) => el === document.activeElement)).toBe(true);
        await expectAccessible(page);
        await page.screenshot({ path: `/tmp/phone-words-start-over-${locale}-${width}.png` });
        await keep.click();
        expect((await post('getCartDetails', {}, token)).selectedProducts).toHaveLength(1);
        await startOver.click();
        await page
          .getByRole('dialog', { name: words(locale, 'ck.startOverTitle') })
          .getByRole('button', { name: words(locale, 'ck.startOverYes') })
          .click();
        await page.waitForURL('**/membership');
        expect((await post('getCartDetails', {}, token))?.selectedProducts ?? []).toHaveLength(0);
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }
});

describe('the words', () => {
  it('one transfer dialog in checkout and on the profile, Share transfer details, Cancelled, login before verifying', async () => {
    for (const width of WIDTHS) {
      const { page, problems, context } = await open(width);
      const { token } = await member(page);
      const labels = () =>
        page.getByRole('dialog', { name: 'Pay and Share details' }).locator('label, dt').allTextContents();
      await cart(token, [{ code: 'MABD', qty: 1 }]);
      await page.goto('/summary');
      for (const [label, value] of [
        ['* Door no, Building/Society name', '12 Lake Road'],
        ['* City', 'Bengaluru'],
        ['* State', 'Karnataka'],
        ['* Pin', '560001'],
      ]) {
        await page.getByLabel(label!).fill(value!);
      }
      await page.getByRole('button', { name: /^Direct Transfer ₹/ }).click();
      await page
        .getByRole('dialog', { name: 'Pay and Share details' })
        .getByLabel('Bank / UPI Transaction ID')
        .waitFor();
      const inCheckout = await labels();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await page.waitForURL('**/profile');
      const row = page.locator('table.contributions tbody tr').first();
      await row.getByRole('button', { name: 'Share transfer details' }).click();
      await page
        .getByRole('dialog', { name: 'Pay and Share details' })
        .getByLabel('Bank / UPI Transaction ID')
        .waitFor();
      expect(await labels()).toEqual(inCheckout);
      expect(inCheckout).toEqual(expect.arrayContaining(['Account Number', 'Bank Name (optional)']));
      await page.keyboard.press('Escape');
      // given up: "Cancelled", in a quiet badge, not "Failed"
      await row.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel it' }).click();
      await row.getByText('Cancelled', { exact: true }).waitFor();
      expect(await row.getByText('Failed', { exact: true }).count()).toBe(0);
      await page.screenshot({ path: `/tmp/phone-words-profile-${width}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    }
    for (const [width, locale] of WIDTHS.flatMap((w) => LOCALES.map((l) => [w, l] as const))) {
      const { page, problems, context } = await open(width, locale);
      await page.goto('/login');
      const note = page.getByText(words(locale, 'login.unverified'));
      await note.waitFor();
      // on screen with the form, not under the bar or beside the screen
      const box = (await note.boundingBox())!;
      expect(box.x, `${width} ${locale}`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${width} ${locale}`).toBeLessThanOrEqual(width);
      expect(box.y + box.height, `${width} ${locale}`).toBeLessThanOrEqual(width === 390 ? 844 : 800);
      if (locale === 'en-US') {
        // the switch's one Bengali word in our Bengali face, not boxes (this machine has no Bengali font of its own)
        if (width === 390) await page.getByRole('button', { name: 'Menu' }).click();
        const sw = width === 390 ? '.menu-lang' : '.nav-actions .lang-switch';
        await expect.poll(() => drawnIn(page, sw), { message: `${width}` }).toEqual(['Noto Sans Bengali']);
      }
      await expectAccessible(page);
      await page.screenshot({ path: `/tmp/phone-words-login-${locale}-${width}.png` });
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe("the admin console in the committee's language", () => {
  it('shows categories and payment types in words, the audit log in sentences, and on a phone a picker with what waits', async () => {
    // a direct transfer approved (a paid daily pass) and one waiting for verification
    const buyer = await post('signUpAndLogin', {
      name: 'Sagar Kar',
      email: uniqueEmail('words-admin'),
      mobile: '98450 66666',
      password: 'kali-puja-2026',
      iid: crypto.randomUUID(),
    });
    const admin = await post('login', { email: 'admin@example.org', password: 'admin-demo-123' });
    for (const approve of [true, false]) {
      await cart(buyer.session, [{ code: 'DPAD', qty: 1 }]);
      const o = await post('startOrder', { offline: true }, buyer.session);
      await post(
        'handleOfflineOrder',
        {
          isOffline: true,
          offlineTxnId: newUtr(),
          offlineBankName: 'SBI',
          orderRcptId: o.orderRcptId,
        },
        buyer.session,
      );
      if (!approve) continue;
      const pending = await post<{ orderRcptId: string; orderPkId: number; offlineUserId: number }[]>(
        'getPendingOrders',
        {},
        admin.session,
      );
      const mine = pending.find((p) => p.orderRcptId === o.orderRcptId)!;
      await post(
        'approveOfflineOrder',
        { offlineUserId: mine.offlineUserId, orderPkId: mine.orderPkId },
        admin.session,
      );
    }
    for (const [width, locale] of [
      [390, 'en-US'],
      [1280, 'en-US'],
      [390, 'bn-IN'],
    ] as const) {
      const { page, problems, context } = await open(width, locale);
      const bn = locale === 'bn-IN';
      // a fresh admin: the demo admin's language must stay English for the other tests
      const email = uniqueEmail('words-console');
      await post('signUpAndLogin', { name: 'Console Admin', email, mobile: '98450 77777', password: 'console-pass-1' });
      await post('setUserRole', { email, role: 'admin', granted: true }, admin.session);
      const me = await post('login', { email, password: 'console-pass-1' });
      await page.goto('/tnc');
      await page.evaluate((i) => localStorage.setItem('user-info', JSON.stringify(i)), me);
      await page.goto('/admin');
      const waiting = page.getByTestId('admin-waiting');
      await waiting.getByText(bn ? /যাচাইয়ের অপেক্ষায় ট্রান্সফার: \d+/ : /Transfers to verify: \d+/).waitFor();
      if (width === 390) {
        // the picker instead of the tabs: the section starts in the first screen
        expect(await page.locator('#admin-section').isVisible()).toBe(true);
        expect(await page.getByRole('tab').count()).toBe(0);
        const panel = (await page.getByRole('tabpanel').boundingBox())!;
        expect(panel.y).toBeLessThan(300);
        expect((await adminTabNames(page)).length).toBeGreaterThan(10);
        const pendingOption = await page.locator('#admin-section option[value="pending"]').textContent();
        expect(pendingOption).toMatch(bn ? /অপেক্ষায়/ : /\(\d+ waiting\)/);
      }
      await page.screenshot({ path: `/tmp/phone-words-console-${locale}-${width}.png` });
      await page.locator('#admin-section:visible, [role="tab"]:visible').first().waitFor();
      await (width === 390
        ? page.locator('#admin-section').selectOption('overview')
        : page.locator('#admin-tab-overview').click());
      const table = page.locator('table.admin-table').first();
      await table.waitFor();
      const cells = (await table.locator('td').allTextContents()).join(' | ');
      expect(cells).toContain(bn ? 'দৈনিক পাস' : 'Daily Pass');
      expect(cells).toContain(bn ? 'সরাসরি ট্রান্সফার' : 'Direct transfer');
      expect(cells).not.toMatch(/DAILY_PASS|MEMBERSHIP|SPONSORSHIP|\bOffline\b/);
      await page.screenshot({ path: `/tmp/phone-words-overview-${locale}-${width}.png`, fullPage: true });
      await (width === 390
        ? page.locator('#admin-section').selectOption('audit')
        : page.locator('#admin-tab-audit').click());
      const sentences = page.locator('.audit-sentence');
      await sentences.first().waitFor();
      const all = (await sentences.allTextContents()).join('\n');
      expect(all).toMatch(/SMT\d{6}/);
      expect(all).not.toMatch(/[{}]|order \d|\b(order|product|pass|refund|user|settings|statement|reminder)\.[a-z_]+/);
      expect(all).toMatch(bn ? /ট্রান্সফার মঞ্জুর হল/ : /Transfer for contribution SMT\d{6} approved/);
      // a disclosure looks like one: its marker is drawn
      const summary = page.locator('.audit-details summary').first();
      expect(await summary.evaluate((el) => getComputedStyle(el, '::before').borderRightStyle)).toBe('solid');
      await summary.click();
      await page.locator('.audit-details[open] dl').first().waitFor();
      expect(await page.locator('.audit-details[open]').first().innerText()).not.toContain('{');
      await page.screenshot({ path: `/tmp/phone-words-audit-${locale}-${width}.png` });
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('the site looks current', () => {
  it("shows this year's venue and schedule, sponsors through the last festival, the recent magazines and honest pictures", async () => {
    for (const [width, locale] of [
      [390, 'en-US'],
      [1280, 'en-US'],
      [390, 'bn-IN'],
    ] as const) {
      const { page, problems, context } = await open(width, locale);
      const bn = locale === 'bn-IN';
      await page.goto('/2023');
      await page
        .getByRole('heading', {
          level: 1,
          name: bn ? 'কালীপুজো 2026: মণ্ডপ ও অনুষ্ঠানসূচি' : 'Kali Puja 2026: Venue and Schedule',
        })
        .waitFor();
      await page.getByRole('link', { name: bn ? 'মণ্ডপ ও অনুষ্ঠানসূচি' : 'Venue and Schedule' }).waitFor();
      expect(await page.locator('footer').innerText()).not.toContain('2023');
      await page.screenshot({ path: `/tmp/phone-words-festival-${locale}-${width}.png`, fullPage: true });
      await page.goto('/sponsors');
      await page
        .getByRole('heading', { level: 3, name: bn ? /2026/ : 'Full Sponsorship 2026' })
        .first()
        .waitFor();
      await page.goto('/magazine');
      await page.getByText(bn ? 'শিগগিরই আসছে' : 'Coming soon', { exact: true }).waitFor();
      await page.screenshot({ path: `/tmp/phone-words-magazine-${locale}-${width}.png` });
      await page.goto('/index#gallery');
      const slide = page.locator('.carousel-slide img');
      await slide.waitFor();
      expect(await slide.getAttribute('alt')).toMatch(bn ? /আঁকা/ : /^Drawing of /);
      expect(await page.locator('.carousel-slide figcaption').count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
