// On a 390 px (and 360 px) phone: the menu inside the screen, a one-row bar, no sideways scrolling on
// any screen, every navigation at the top, the landing after login, and direct transfer by UPI app.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUtr } from '../fixtures/bank-statements';
import { adminTabNames, BASE, launch, newPage, openAdminTab, post, signIn, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function storeSession(page: Page, email: string, password: string) {
  const info = await post('login', { email, password, iid: crypto.randomUUID() });
  await page.goto('/tnc');
  await page.evaluate((i) => localStorage.setItem('user-info', JSON.stringify(i)), info);
  return info as { session: string };
}

/**
 * Everything that scrolls sideways: the page itself, and any element inside it that scrolls its own content
 * sideways (a table in an overflow box still makes the reader scroll sideways).
 */
function sideways(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const w = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > w) out.push(`page ${document.documentElement.scrollWidth} > ${w}`);
    for (const el of document.querySelectorAll<HTMLElement>('main *, header *')) {
      const ox = getComputedStyle(el).overflowX;
      if ((ox === 'auto' || ox === 'scroll') && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        out.push(`${el.tagName.toLowerCase()}.${el.className} scrolls ${el.scrollWidth} in ${el.clientWidth}`);
      }
    }
    return out;
  });
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('p.loading').first().waitFor({ state: 'detached' });
}

describe('the bar and the menu on a phone', () => {
  for (const width of [360, 390]) {
    it(`at ${width} px the bar is one row and the open menu lies inside the screen`, async () => {
      const { page, problems, context } = await newPage(browser, { width });
      for (const who of ['visitor', 'member'] as const) {
        if (who === 'member') await storeSession(page, 'member@example.org', 'member-demo-123');
        await page.goto('/index');
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const bar = (await page.locator('header.nav').boundingBox())!;
        expect(bar.height, who).toBeLessThan(64);
        await page.getByRole('button', { name: 'Menu' }).click();
        const menu = page.locator('.menu-list');
        await menu.waitFor();
        const box = (await menu.boundingBox())!;
        expect(box.x, who).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, who).toBeLessThanOrEqual(width);
        for (const item of await menu.locator('a, button').all()) {
          const b = (await item.boundingBox())!;
          expect(b.x).toBeGreaterThanOrEqual(0);
          expect(b.x + b.width).toBeLessThanOrEqual(width);
        }
        if (who === 'member') {
          await menu.getByRole('link', { name: 'Membership / Sponsorship' }).waitFor();
          await menu.getByRole('button', { name: 'Logout' }).waitFor();
        } else {
          await menu.getByRole('link', { name: 'Create Account' }).waitFor();
        }
        await page.keyboard.press('Escape');
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe('no sideways scrolling at 390 px', () => {
  it('on the public screens', async () => {
    const { page, problems, context } = await newPage(browser);
    for (const path of [
      '/index',
      '/dmPass',
      '/login',
      '/signup',
      '/forgotPasswd',
      '/tnc',
      '/responsibitity',
      '/sponsors',
      '/magazine',
      '/2023',
      '/corporate',
    ]) {
      await page.goto(path);
      await settle(page);
      expect(await sideways(page), path).toEqual([]);
      // stand-in media is documented in docs/association-content.md, never labelled as such on screen
      expect((await page.locator('main').textContent()) ?? '', path).not.toMatch(/\(placeholder|\(sample files/i);
    }
    // the home-screen icon shows the mark (the diya's cream flame above the centre), not a bare disc
    await page.goto('/index');
    const flame = await page.evaluate(async () => {
      const img = new Image();
      img.src = '/icons/icon-192.png';
      await img.decode();
      const c = document.createElement('canvas');
      c.width = c.height = 192;
      const g = c.getContext('2d')!;
      g.drawImage(img, 0, 0);
      return [...g.getImageData(96, 50, 1, 1).data];
    });
    expect(flame.slice(0, 3)).toEqual([255, 248, 236]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("on a member's screens, with contributions in the profile and a cart at checkout", async () => {
    const { page, problems, context } = await newPage(browser);
    const email = uniqueEmail('phone');
    const info = await post('signUpAndLogin', {
      name: 'Sharmila Dutta',
      email,
      mobile: '98450 11111',
      password: 'durga-puja-2026',
      iid: crypto.randomUUID(),
    });
    const products = await post('getProducts', {}, info.session);
    const [plan] = products.productsResponses.MEMBERSHIP;
    const item = products.productsResponses.SPONSORSHIP.find(
      (p: { fullSponsorOnly: boolean; available: boolean }) => !p.fullSponsorOnly && p.available,
    );
    await post(
      'addToCart',
      {
        productQtys: {
          [plan.id]: { qty: 2, code: plan.code },
          [item.id]: { qty: 1, code: item.code, fullSponsor: false },
        },
      },
      info.session,
    );
    await post('startOrder', { offline: true }, info.session);
    await post('addToCart', { productQtys: { [plan.id]: { qty: 3, code: plan.code } } }, info.session);
    await page.goto('/tnc');
    await page.evaluate((i) => localStorage.setItem('user-info', JSON.stringify(i)), info);
    for (const path of ['/membership', '/sponsorship', '/summary', '/profile']) {
      await page.goto(path);
      await settle(page);
      expect(await sideways(page), path).toEqual([]);
    }
    // the profile's contribution: amount, status and its action visible without scrolling sideways
    const row = page.locator('table.contributions tbody tr').first();
    for (const part of [
      row.getByText('Pending Payment'),
      row.getByRole('button', { name: 'Share transfer details' }),
    ]) {
      const b = (await part.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }
    await row.getByRole('button', { name: 'Click for Details' }).click();
    await page.getByRole('dialog', { name: 'Contribution Details' }).waitFor();
    expect(await sideways(page)).toEqual([]);
    // the plan comparison: a benefit per line, the plans in columns, nothing to scroll sideways
    await page.goto('/membership');
    await page.getByRole('button', { name: /Comparison/i }).click();
    await page.getByRole('dialog', { name: 'Membership plan Comparison' }).getByRole('rowheader').first().waitFor();
    expect(await sideways(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('scroll position', () => {
  it('every navigation starts at the top of the new page', async () => {
    const { page, problems, context } = await newPage(browser);
    await page.goto('/index');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.locator('footer').getByRole('link', { name: 'Our Social Responsibility' }).click();
    await page.waitForURL('**/responsibitity');
    // the old screen stays up until the new one's chunk has loaded
    await page.getByRole('heading', { level: 1, name: 'Our Social Responsibility' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('.menu-list').getByRole('link', { name: 'Terms and Conditions' }).click();
    await page.waitForURL('**/tnc');
    await page.getByRole('heading', { level: 1, name: /Terms/ }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('landing after login', () => {
  it('volunteers land on /venue and admins on /admin', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'volunteer@example.org', 'volunteer-demo-123');
    await page.waitForURL('**/venue');
    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'admin@example.org', 'admin-demo-123');
    await page.waitForURL('**/admin');
    await context.close();
  });

  it('a page that needs a session returns there after login', async () => {
    const { page, problems, context } = await newPage(browser);
    await page.goto('/profile');
    await page.waitForURL('**/login?next=*');
    await signIn(page, 'member@example.org', 'member-demo-123', { open: false });
    await page.waitForURL('**/profile');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("'Already registered? Login' returns to the passes with the selection kept", async () => {
    const { page, problems, context } = await newPage(browser);
    await page.goto('/dmPass');
    await page.getByRole('button', { name: 'Add one Dandiya Night Pass' }).click();
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page
      .getByRole('dialog', { name: 'Add an extra contribution?' })
      .getByRole('button', { name: 'Skip Contribution' })
      .click();
    await page
      .getByRole('dialog', { name: 'Register to Proceed' })
      .getByRole('link', { name: 'Already registered? Login' })
      .click();
    await signIn(page, 'member@example.org', 'member-demo-123', { open: false });
    await page.waitForURL('**/dmPass');
    await page.getByText('Total Amount: ₹500.00').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('direct transfer on a phone', () => {
  it('offers a UPI app button and copy buttons, does not pop the keyboard, and survives closing the app', async () => {
    const { page, problems, context } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
    const email = uniqueEmail('upi');
    const info = await post('signUpAndLogin', {
      name: 'Ruma Ghosh',
      email,
      mobile: '98450 33333',
      password: 'durga-puja-2026',
      iid: crypto.randomUUID(),
    });
    const passes = await post('getUProducts', {}, info.session);
    const pass = passes.productsResponses.DAILY_PASS.find((p: { code: string }) => p.code === 'DPAD');
    await post('addToCart', { productQtys: { [pass.id]: { qty: 2, code: pass.code } } }, info.session);
    await page.goto('/tnc');
    await page.evaluate((i) => localStorage.setItem('user-info', JSON.stringify(i)), info);
    await page.goto('/dpsummary');
    await page.getByRole('button', { name: /^Direct Transfer ₹/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay and Share details' });
    const app = dialog.getByRole('link', { name: 'Pay with UPI app' });
    await app.waitFor();
    const href = (await app.getAttribute('href'))!;
    expect(href).toMatch(/^upi:\/\/pay\?pa=[^&]+@[^&]+&pn=[^&]+&am=\d+\.\d\d&tn=SMT\d{6}&cu=INR$/);
    const rcpt = /tn=(SMT\d{6})/.exec(href)![1]!;
    // the focus is not in a text field, so the keyboard does not cover the details
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('INPUT');
    await dialog.getByRole('button', { name: 'Copy Contribution ID' }).click();
    await dialog.getByRole('button', { name: 'Copy Contribution ID' }).getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(rcpt);
    await dialog.getByRole('button', { name: 'Copy Amount' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^\d+\.\d\d$/);
    for (const label of ['UPI ID', 'Account Number']) {
      await dialog.getByRole('button', { name: `Copy ${label}` }).waitFor();
    }
    expect(await sideways(page)).toEqual([]);

    // the app is closed and opened again on the summary: the transfer is still there to finish
    await page.goto('/dpsummary');
    await page.getByText('Your cart is empty.').waitFor();
    await page.getByRole('link', { name: 'Share transfer details' }).click();
    await page.waitForURL(`**/profile#${rcpt}`);
    const retry = page.getByRole('dialog', { name: 'Pay and Share details' });
    await retry.getByText(rcpt).first().waitFor();
    await retry.getByRole('link', { name: 'Pay with UPI app' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the admin console on a phone', () => {
  it('groups the tabs without a sideways strip, shows lists as cards and marks a Not Collected row collected', async () => {
    // a paid direct transfer of two passes: the real calls of a member and an admin
    const email = uniqueEmail('gate');
    const user = await post('signUpAndLogin', {
      name: 'Tapas Mitra',
      mobile: `96${String(Date.now()).slice(-8)}`,
      email,
      password: 'gate-pass-123',
      iid: crypto.randomUUID(),
    });
    const passes = await post('getUProducts', {}, user.session);
    const pass = passes.productsResponses.DAILY_PASS.find((p: { code: string }) => p.code === 'DPAD');
    await post('addToCart', { productQtys: { [pass.id]: { qty: 2, code: 'DPAD' } } }, user.session);
    const started = await post('startOrder', { offline: true }, user.session);
    await post(
      'handleOfflineOrder',
      { isOffline: true, offlineTxnId: newUtr(), offlineBankName: 'SBI', orderRcptId: started.orderRcptId },
      user.session,
    );
    const admin = await post('login', { email: 'admin@example.org', password: 'admin-demo-123', iid: 'phone' });
    const pending = await post('getPendingOrders', {}, admin.session);
    const order = pending.find((o: { orderRcptId: string }) => o.orderRcptId === started.orderRcptId);
    await post(
      'approveOfflineOrder',
      { offlineUserId: order.offlineUserId, orderPkId: order.orderPkId },
      admin.session,
    );

    const { page, problems, context } = await newPage(browser);
    await storeSession(page, 'admin@example.org', 'admin-demo-123');
    await page.goto('/admin');
    // on a phone the tabs fold into one Section picker, so that a section's content starts in the first screen
    // (docs/decisions/164); the festival night's sections come first
    const picker = page.getByLabel('Section');
    await picker.waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    const first = await adminTabNames(page);
    expect(first.slice(0, 2)).toEqual(['Pass Collection', 'Pending Orders']);
    for (const name of first) {
      await openAdminTab(page, name);
      await settle(page);
      expect(await sideways(page), name).toEqual([]);
      const panel = (await page.getByRole('tabpanel').boundingBox())!;
      expect(panel.y, name).toBeLessThan(844 / 2);
    }
    await openAdminTab(page, 'Not Collected Orders');
    const row = page.getByRole('row').filter({ hasText: started.orderRcptId });
    await row.getByText('Tapas Mitra').waitFor();
    // the order's details dialog fits the phone too
    await row.getByRole('button', { name: started.orderRcptId }).click();
    await page.getByRole('dialog').getByText('Adda and Snacks Pass').waitFor();
    expect(await sideways(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: 'Mark as Collected' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as Collected' }).click();
    await row.waitFor({ state: 'detached' });
    await openAdminTab(page, 'Collected Orders');
    await page.getByRole('row').filter({ hasText: started.orderRcptId }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('offline', () => {
  it('the pass catalogue of /dmPass opens offline after one visit, under one offline banner', async () => {
    const context = await browser.newContext({
      baseURL: BASE,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'allow',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/dmPass');
    await page.locator('article[data-code="DPDY1"]').waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise<void>((r) => navigator.serviceWorker.addEventListener('controllerchange', () => r()));
    });
    // the precache has settled once the worker controls the page; the catalogue answer is in IndexedDB
    await context.setOffline(true);
    await page.reload();
    await page.locator('article[data-code="DPDY1"]').waitFor();
    await page.getByRole('button', { name: 'Add one Dandiya Night Pass' }).click();
    await page.getByText('Total Amount: ₹500.00').waitFor();
    // the page's own "saved copy" note replaces the general banner instead of stacking under it
    await page
      .getByText(/You are offline/)
      .filter({ visible: true })
      .first()
      .waitFor();
    const banners = page.locator('.offline-banner, [data-offline-note], .offline-copy').filter({ visible: true });
    expect(await banners.count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Add Product with a description', () => {
  it('an admin adds a daily pass with a description that members read on its card', async () => {
    const { page, problems, context } = await newPage(browser);
    await storeSession(page, 'admin@example.org', 'admin-demo-123');
    await page.goto('/admin');
    await openAdminTab(page, 'Add Product');
    await page.getByLabel('Daily Pass', { exact: true }).check();
    const code = `Q${Date.now().toString(36).slice(-3).toUpperCase()}`;
    await page.getByLabel('Name', { exact: true }).fill('Sandhya Aarti Pass');
    await page.getByLabel('Code (4 characters, unique)').fill(code);
    await page.getByLabel('Price', { exact: true }).fill('150');
    await page.getByLabel('Co-Price (Utsav member price)').fill('150');
    await page
      .getByLabel('Description (shown to members on the product card)')
      .fill('Evening aarti seating, per person.');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('Product added successfully!').waitFor();
    await page.goto('/dmPass');
    await page.locator(`article[data-code="${code}"]`).getByText('Evening aarti seating, per person.').waitFor();
    // take it off sale again, so other tests see the usual catalogue
    const info = await page.evaluate(() => JSON.parse(localStorage.getItem('user-info')!));
    const all = await post('getUnGropedProducts', {}, info.session);
    const added = (Array.isArray(all) ? all : (all.products ?? [])).find((p: { code: string }) => p.code === code);
    if (added) await post('markProductAvailable', { id: added.id, available: false }, info.session);
    expect(problems).toEqual([]);
    await context.close();
  });
});
