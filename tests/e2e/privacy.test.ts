// A member's own data as a person walks through it on a 390 px phone: correct the name and mobile,
// download everything (JSON) and read it as a page, ask for an email change, delete the account with the password,
// and then fail to log in. Screenshots go to /tmp/privacy-*.png for a person to look at.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, BASE, launch, newPage, outbox, post, signIn, uniqueEmail, watch } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// axe-core through the DevTools protocol, as tests/e2e/a11y.test.ts runs it (the CSP refuses injected scripts)
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (window as any).axe;
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return r.violations;
  })) as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Nothing wider than the phone: no sideways scroll. */
async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

const part = (page: Page, heading: string) =>
  page.locator('.data-part', { has: page.getByRole('heading', { level: 3, name: heading }) });

describe('your data, on a phone', () => {
  it('edits, downloads, reads, asks for a new email, deletes; then login is refused', async () => {
    const email = uniqueEmail('privacy');
    const password = 'privacy-pass-1';
    await post('signUpAndLogin', { name: 'Privacy Person', mobile: '9876512345', email, password });
    const { page } = await newPage(browser);
    await signIn(page, email, password);
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByRole('heading', { level: 2, name: 'Your data' }).waitFor();

    // 1. correct the details: a bad mobile is said under its field, then a good one is saved
    const edit = part(page, 'Correct your details');
    await edit.getByLabel('Mobile No').fill('12ab');
    await edit.getByRole('button', { name: 'Save details' }).click();
    await expect.poll(() => edit.locator('.field-error').textContent()).toBe('Mobile number is invalid!');
    await fitsThePhone(page);
    await page.screenshot({ path: '/tmp/privacy-edit-error.png', fullPage: true });
    await edit.screenshot({ path: '/tmp/privacy-edit-error-card.png' });
    await edit.getByLabel('Name').fill('Privacy Person Renamed');
    await edit.getByLabel('Mobile No').fill('98765 54321');
    await edit.getByRole('button', { name: 'Save details' }).click();
    await edit.getByRole('status').filter({ hasText: 'Your details are saved.' }).waitFor();
    await expect.poll(() => page.locator('dl.profile dd').first().textContent()).toBe('Privacy Person Renamed');
    const profile = await post('getUserProfile', {}, (await post('login', { email, password })).session);
    expect(profile).toMatchObject({ name: 'Privacy Person Renamed', mobile: '9876554321' });

    // 2. an email change: wrong password under its field, then the link goes to the new address and is opened
    const next = uniqueEmail('privacy-next');
    const change = part(page, 'Change your email');
    await change.getByLabel('New email').fill(next);
    await change.getByLabel('Your password').fill('not-my-password');
    await change.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect.poll(() => change.locator('.field-error').textContent()).toBe('The password is incorrect.');
    await change.getByLabel('Your password').fill(password);
    await change.getByRole('button', { name: 'Send confirmation link' }).click();
    await change.getByRole('status').filter({ hasText: next }).waitFor();
    const confirmMail = (await outbox(next))[0]!;
    expect(confirmMail.subject).toBe('Please confirm your new email address');
    // until the link is opened the account keeps its address; the link, opened on the phone, changes it
    expect((await post('getUserProfile', {}, (await post('login', { email, password })).session)).email).toBe(email);
    const link = /https?:\/\/\S+verifyEmail\?token=\S+/.exec(confirmMail.text)![0];
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page
      .getByRole('status')
      .filter({ hasText: `Your email address is now ${next}.` })
      .waitFor();
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect.poll(() => page.locator('dl.profile dd').nth(1).textContent()).toContain(next);

    // 3. download everything as JSON
    const copy = part(page, 'A copy of your data');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      copy.getByRole('button', { name: 'Download (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('samiti-my-data.json');
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.account).toMatchObject({ name: 'Privacy Person Renamed', email: next, mobile: '9876554321' });
    expect(data.account.pendingEmailChange).toBeNull();
    await fitsThePhone(page);
    await page.screenshot({ path: '/tmp/privacy-profile.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // 4. the same as a readable page
    await copy.getByRole('link', { name: 'View as a page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Everything we hold about you' }).waitFor();
    await page.getByText('Privacy Person Renamed').first().waitFor();
    await page.getByRole('heading', { level: 2, name: 'Message choices' }).waitFor();
    await fitsThePhone(page);
    await page.screenshot({ path: '/tmp/privacy-page.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to your profile' }).click();
    await page.getByRole('tab', { name: 'Profile' }).click();

    // 5. delete: a wrong password is said under its field; the right one, confirmed, deletes and logs out
    const del = part(page, 'Delete your account');
    await del.getByLabel('Your password').fill('wrong-password-1');
    await del.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect.poll(() => del.locator('.field-error').textContent()).toBe('The password is incorrect.');
    await del.getByLabel('Your password').fill(password);
    await del.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await fitsThePhone(page);
    await page.screenshot({ path: '/tmp/privacy-delete.png', fullPage: false });
    await dialog.getByRole('button', { name: 'Yes, delete it' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByText('Your account is deleted.').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user-info'))).toBeNull();

    // 6. login is refused, on the screen and on the API, with the address it had and the one before
    await expect(signIn(page, next, password, { open: false })).rejects.toThrow(/Email or password is incorrect/);
    const refused = await fetch(`${new URL(page.url()).origin}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: next, password }),
    });
    expect(refused.status).toBe(401);
    expect((await api('login', { email, password })).status).toBe(401);
  });
});

describe('your data, in Bengali on a phone', () => {
  it('shows the section and the page in Bengali, within 390 px', async () => {
    const email = uniqueEmail('privacy-bn');
    const password = 'privacy-pass-2';
    await post('signUpAndLogin', { name: 'বাংলা সদস্য', mobile: '9876512346', email, password });
    const context = await browser.newContext({
      baseURL: BASE,
      viewport: { width: 390, height: 844 },
      locale: 'bn-IN',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    watch(page);
    const info = await post('login', { email, password, iid: crypto.randomUUID() });
    await page.goto('/tnc');
    await page.evaluate((i) => localStorage.setItem('user-info', JSON.stringify(i)), info);
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'প্রোফাইল' }).click();
    await page.getByRole('heading', { level: 2, name: 'আপনার তথ্য' }).waitFor();
    const edit = part(page, 'আপনার তথ্য সংশোধন করুন');
    await edit.getByRole('button', { name: 'তথ্য সংরক্ষণ করুন' }).waitFor();
    await part(page, 'অ্যাকাউন্ট মুছে দিন').getByRole('button', { name: 'আমার অ্যাকাউন্ট মুছে দিন' }).waitFor();
    await fitsThePhone(page);
    await page.screenshot({ path: '/tmp/privacy-bn-profile.png', fullPage: true });
    await page.locator('.your-data').screenshot({ path: '/tmp/privacy-bn-section.png' });
    await page.getByRole('link', { name: 'পাতা হিসেবে দেখুন' }).click();
    await page.getByRole('heading', { level: 1, name: 'আপনার সম্পর্কে আমাদের কাছে যা আছে' }).waitFor();
    await page.getByText('বাংলা সদস্য').first().waitFor();
    await fitsThePhone(page);
    await page.screenshot({ path: '/tmp/privacy-bn-page.png', fullPage: true });
    await context.close();
  });
});
