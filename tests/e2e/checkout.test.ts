import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUtr } from '../fixtures/bank-statements';
import { launch, newPage, outbox, post, reviewSelection, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh member logged in in the page, with a server cart of the given product codes. */
async function memberWithCart(page: Page, picks: { code: string; qty: number }[]) {
  const email = uniqueEmail('pay');
  const info = await post('signUpAndLogin', {
    name: 'Sharmila Dutta',
    email,
    mobile: '98450 11111',
    password: 'durga-puja-2026',
    iid: crypto.randomUUID(),
  });
  const products = await post('getProducts', {}, info.session);
  const passes = await post('getUProducts', {}, info.session);
  const all = [
    ...products.productsResponses.MEMBERSHIP,
    ...products.productsResponses.SPONSORSHIP,
    ...passes.productsResponses.DAILY_PASS,
  ];
  const productQtys: Record<string, object> = {};
  for (const p of picks)
    productQtys[all.find((x: { code: string }) => x.code === p.code).id] = { qty: p.qty, code: p.code };
  if (picks.length) await post('addToCart', { productQtys }, info.session);
  await page.goto('/index');
  await page.evaluate((i) => localStorage.setItem('user-info', JSON.stringify(i)), info);
  // some history to go back through, as a member who chose plans would have
  await page.goto('/tnc');
  await page.goto('/index');
  return { email, token: info.session as string };
}

/** Chooses a plan the way a member does, so that the checkout's history steps stay inside the app. */
async function chooseThroughScreens(page: Page, plan: string) {
  await page.goto('/index');
  // on a phone the button sits in the menu (docs/decisions/102)
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Membership / Sponsorship' }).click();
  await page.waitForURL('**/membership');
  await page.getByRole('button', { name: `Add one ${plan}` }).click();
  await page.getByRole('button', { name: 'Proceed for Sponsorship' }).click();
  await page.waitForURL('**/sponsorship');
  // the no-membership warning (SPEC.md section 2) may ask first; a member going on says yes
  await reviewSelection(page);
}

async function fillAddress(page: Page) {
  await page.getByLabel('* Door no, Building/Society name').fill('7 Rose Apartments');
  await page.getByLabel('Road Name, Area, etc').fill('Koramangala');
  await page.getByLabel('* City').fill('Bengaluru');
  await page.getByLabel('* State').fill('Karnataka');
  await page.getByLabel('* Pin').fill('560034');
  await page.getByLabel('* How did you come to know about us?').selectOption('Other');
  await page.getByLabel('*Referred by').fill('Ruma');
}

async function statusOnProfile(page: Page) {
  await page.goto('/profile');
  const row = page.locator('table.contributions tbody tr').first();
  await row.waitFor();
  return row;
}

describe('checkout in the browser', () => {
  it('pays online through the test gateway and sees Success on /profile', async () => {
    const { page, problems } = await newPage(browser);
    const { email } = await memberWithCart(page, [{ code: 'MABD', qty: 2 }]);
    await page.goto('/summary');
    await page.getByRole('columnheader', { name: 'Contribution Category' }).waitFor();
    await expect(page.getByTestId('convenience-charge').textContent()).resolves.toBe('₹70.80');
    // the address is mandatory
    await page.getByRole('button', { name: 'Pay ₹3,070.80 Online' }).click();
    await page.getByText('Please fill the mandatory(*) fields!').waitFor();
    await fillAddress(page);
    await page.getByRole('button', { name: 'Pay ₹3,070.80 Online' }).click();
    const gateway = page.getByRole('dialog', { name: 'Razorpay test checkout' });
    await gateway.waitFor();
    await expect(page.getByTestId('razorpay-amount').textContent()).resolves.toContain('₹3070.80');
    await gateway.getByRole('button', { name: 'Pay successfully' }).click();
    // a confirmation screen of its own, not a toast over the profile (docs/decisions/100)
    await page.getByRole('heading', { level: 1, name: 'Thank you! Your payment has been received' }).waitFor();
    await page.getByText('Your contribution is confirmed. An email with the details is on its way to you.').waitFor();
    expect(page.url()).toMatch(/\/summary$/);
    await page.getByRole('link', { name: 'Show my pass' }).click();
    await page.waitForURL('**/profile');
    const row = page.locator('table.contributions tbody tr').first();
    await row.getByText('Success').waitFor();
    // this year's pass to collect is a card above the list
    await page.getByTestId('pass-card').getByRole('button', { name: 'Show pass QR' }).waitFor();
    // the pass QR is one tap from the profile
    await row.getByRole('button', { name: 'Show pass QR' }).click();
    const qr = page.getByRole('dialog', { name: 'Your pass' }).locator('svg[data-pass-code]');
    expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(280);
    await page.getByRole('dialog', { name: 'Your pass' }).getByRole('button', { name: 'Close' }).click();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user-info')!).member)).toBe(true);
    await row.getByRole('button', { name: 'Click for Details' }).click();
    const details = page.getByRole('dialog', { name: 'Contribution Details' });
    await details.getByRole('cell', { name: 'AASHIRBAD' }).waitFor();
    await details.getByText('₹3,070.80').waitFor();
    await details.getByText('Pass code').waitFor();
    await details.locator('svg[data-pass-code]').waitFor();
    const mails = await outbox(email);
    expect(mails.filter((m) => m.subject.startsWith('Contribution confirmed'))).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('a failed payment keeps the buyer on /summary with the cart, and Try again pays', async () => {
    const { page, problems } = await newPage(browser);
    await memberWithCart(page, []);
    await chooseThroughScreens(page, 'HOI HULLOR');
    await fillAddress(page);
    const total = await page.getByTestId('summary-total').textContent();
    await page.getByRole('button', { name: /^Pay ₹.* Online$/ }).click();
    await page
      .getByRole('dialog', { name: 'Razorpay test checkout' })
      .getByRole('button', { name: 'Fail the payment' })
      .click();
    const notice = page.locator('.pay-notice');
    await notice.getByText('The payment did not go through. Nothing was charged.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/summary');
    await page.getByRole('cell', { name: 'HOI HULLOR' }).waitFor();
    await expect(page.getByTestId('summary-total').textContent()).resolves.toBe(total);
    // the local selection survives too
    expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await page
      .getByRole('dialog', { name: 'Razorpay test checkout' })
      .getByRole('button', { name: 'Pay successfully' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Thank you! Your payment has been received' }).waitFor();
    // the failed attempt is folded away, not listed beside its paid twin
    await page.goto('/profile');
    const main = page.getByRole('table', { name: 'Your contributions' });
    await main.locator('tbody tr').first().getByText('Success').waitFor();
    expect(await main.locator('tbody tr').count()).toBe(1);
    await page.getByText('Earlier unfinished attempts (1)').click();
    await page.getByRole('table', { name: 'Earlier unfinished attempts' }).getByText('Failed').waitFor();
    expect(problems).toEqual([]);
  });

  it('a dismissed checkout stays in place and offers direct transfer, even when /summary was opened directly', async () => {
    const { page, problems } = await newPage(browser);
    await memberWithCart(page, [{ code: 'MUTV', qty: 1 }]);
    // a fresh tab with no history: going back would leave the app (about:blank)
    const fresh = await page.context().newPage();
    await fresh.goto('/summary');
    await fillAddress(fresh);
    await fresh.getByRole('button', { name: /^Pay ₹.* Online$/ }).click();
    await fresh
      .getByRole('dialog', { name: 'Razorpay test checkout' })
      .getByRole('button', { name: 'Close (dismiss)' })
      .click();
    const notice = fresh.locator('.pay-notice');
    await notice.getByText('Payment cancelled. Nothing was charged.').waitFor();
    expect(new URL(fresh.url()).pathname).toBe('/summary');
    await notice.getByRole('button', { name: 'Pay by direct transfer' }).click();
    await fresh
      .getByRole('dialog', { name: 'Pay and Share details' })
      .getByRole('img', { name: /UPI QR code/ })
      .waitFor();
    await fresh.close();
    expect(problems).toEqual([]);
  });

  it('validation marks the empty address fields in place and focuses the first', async () => {
    const { page, problems } = await newPage(browser);
    await memberWithCart(page, [{ code: 'MABD', qty: 1 }]);
    await page.goto('/summary');
    await page.getByLabel('* City').fill('Bengaluru');
    await page.getByRole('button', { name: /^Pay ₹.* Online$/ }).click();
    await page.getByText('Please fill the mandatory(*) fields!').waitFor();
    const first = page.getByLabel('* Door no, Building/Society name');
    await expect(first.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByLabel('* City').getAttribute('aria-invalid')).resolves.toBeNull();
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('.toast').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('pays by direct transfer with the UPI QR and sees Pending Approval on /profile', async () => {
    const { page, problems } = await newPage(browser);
    const { email } = await memberWithCart(page, [{ code: 'MABD', qty: 1 }]);
    await page.goto('/summary');
    await fillAddress(page);
    await page.getByRole('button', { name: 'Direct Transfer ₹1,500.00' }).click();
    // one transfer dialog with the same labels as on /dpsummary and the profile (docs/decisions/163)
    const share = page.getByRole('dialog', { name: 'Pay and Share details' });
    const qr = share.getByRole('img', { name: /UPI QR code/ });
    await qr.waitFor();
    const upi = await qr.getAttribute('data-upi');
    expect(upi).toMatch(/^upi:\/\/pay\?pa=[^&]+@[^&]+&pn=[^&]+&am=1500\.00&tn=SMT\d{6}&cu=INR$/);
    await share.getByRole('button', { name: 'Update Payment Details' }).click();
    // said under the field, which is marked and takes the focus, inside the dialog (no toast over its buttons)
    const txn = share.getByLabel('Bank / UPI Transaction ID');
    await share.getByText('Please add the Bank/UPI transaction id to proceed').waitFor();
    await expect(txn.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(await txn.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('.toast').count()).toBe(0);
    await txn.fill(newUtr());
    await share.getByLabel('Bank Name (optional)').fill('HDFC');
    await share.getByRole('button', { name: 'Update Payment Details' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you! We will verify your transfer' }).waitFor();
    await page.getByText(/We have your transaction details/).waitFor();
    await page.getByRole('link', { name: 'My contributions' }).click();
    await page.waitForURL('**/profile');
    await page.locator('table.contributions tbody tr').first().getByText('Pending Approval').waitFor();
    const mails = await outbox(email);
    expect(mails.some((m) => m.subject.startsWith('We received your contribution details'))).toBe(true);
    expect(problems).toEqual([]);
  });

  it('Share transfer details sends the details of a pending direct transfer from /profile', async () => {
    const { page, problems } = await newPage(browser);
    const { token } = await memberWithCart(page, [{ code: 'MHHR', qty: 2 }]);
    const started = await post('startOrder', { offline: true }, token);
    const row = await statusOnProfile(page);
    await row.getByText('Pending Payment').waitFor();
    await row.getByRole('button', { name: 'Share transfer details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay and Share details' });
    await dialog.getByText(started.orderRcptId).first().waitFor();
    await dialog.getByRole('button', { name: 'Update Payment Details' }).click();
    await dialog.getByText('Please add the Bank/UPI transaction id to proceed').waitFor();
    await dialog.getByLabel('Bank / UPI Transaction ID').fill(newUtr());
    await dialog.getByRole('button', { name: 'Update Payment Details' }).click();
    await row.getByText('Pending Approval').waitFor();
    expect(problems).toEqual([]);
  });

  it('an empty /summary says so instead of bouncing, and offers Resume payment for an unpaid order', async () => {
    const { page, problems } = await newPage(browser);
    const { token } = await memberWithCart(page, [
      { code: 'MABD', qty: 1 },
      { code: 'MHHR', qty: 2 },
    ]);
    await post('startOrder', { offline: false }, token); // the app was closed while Checkout was open
    await page.goto('/cart');
    await page.waitForURL('**/summary');
    await page.getByText('Your cart is empty.').waitFor();
    await page
      .getByTestId('unfinished')
      .getByText(/is waiting for payment/)
      .waitFor();
    await page.getByRole('link', { name: 'Resume payment' }).click();
    await page.waitForURL('**/profile#SMT*');
    const row = page.locator('table.contributions tbody tr').first();
    await row.getByText('Pending Payment').waitFor();
    await row.getByRole('button', { name: 'Resume payment' }).click();
    await page.waitForURL('**/summary');
    await page.getByRole('cell', { name: 'AASHIRBAD' }).waitFor();
    await page.getByRole('cell', { name: 'HOI HULLOR' }).waitFor();
    await expect(page.getByTestId('summary-total').textContent()).resolves.toBe('₹6,000.00');
    expect(problems).toEqual([]);
  });

  it('/dpsummary: a dismissal stays on /dpsummary with the passes, and Try again pays', async () => {
    const { page, problems } = await newPage(browser);
    const { token } = await memberWithCart(page, [{ code: 'DPDY', qty: 2 }]);
    await page.goto('/dpsummary');
    const pay = page.getByRole('button', { name: /^Pay Now ₹/ });
    await pay.click();
    await page
      .getByRole('dialog', { name: 'Razorpay test checkout' })
      .getByRole('button', { name: 'Close (dismiss)' })
      .click();
    await page.getByText('Payment cancelled. Nothing was charged.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dpsummary');
    await page.getByRole('cell', { name: 'Dinner Pass' }).first().waitFor();
    void token;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page
      .getByRole('dialog', { name: 'Razorpay test checkout' })
      .getByRole('button', { name: 'Pay successfully' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Thank you! Your payment has been received' }).waitFor();
    await page.getByRole('link', { name: 'Show my pass' }).click();
    await page.waitForURL('**/profile');
    await page.locator('table.contributions tbody tr').first().getByText('Success').waitFor();
    expect(problems).toEqual([]);
  });

  it('/dpsummary direct transfer: closing the dialog goes to /profile where Share transfer details waits', async () => {
    const { page, problems } = await newPage(browser);
    await memberWithCart(page, [{ code: 'DPAD', qty: 3 }]);
    await page.goto('/dpsummary');
    await page.getByRole('button', { name: /^Direct Transfer ₹/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay and Share details' });
    await dialog.getByRole('img', { name: /UPI QR code/ }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL('**/profile');
    const row = page.locator('table.contributions tbody tr').first();
    await row.getByRole('button', { name: 'Share transfer details' }).waitFor();
    expect(problems).toEqual([]);
  });
});
