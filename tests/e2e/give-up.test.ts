// A member cancels an unpaid direct transfer that holds a sponsorship item from the profile, on a 390 px
// phone; the item is free for the next buyer at once (no dead end after an abandoned checkout).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launch, newPage, signIn, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const post = async <T = any>(path: string, body: object, token?: string) => {
  const r = await api<T>(path, body, token);
  return { status: r.status, data: r.body.data };
};

describe('giving up an unpaid contribution', () => {
  it('frees the held item from the profile', async () => {
    const admin = (await post<{ session: string }>('login', { email: 'admin@example.org', password: 'admin-demo-123' }))
      .data.session;
    const code = `G${Math.random().toString(36).slice(2, 5).toUpperCase().padEnd(3, 'Z')}`;
    await post(
      'addProduct',
      { code, name: `Conch ${code}`, price: 2500, coSponsorPrice: 500, sponsorship: true },
      admin,
    );
    const list = await post<any>('getProducts', {}, admin);
    const item = (list.data.productsResponses.SPONSORSHIP as { id: number; code: string }[]).find(
      (p) => p.code === code,
    )!;

    const email = uniqueEmail('giveup');
    const password = 'give-up-pass-1';
    const me = await post<{ session: string }>('signUpAndLogin', {
      name: 'Tapan Ghosh',
      mobile: `95${String(Date.now()).slice(-8)}`,
      email,
      password,
    });
    await post('addToCart', { productQtys: { [item.id]: { qty: 1, fullSponsor: true } } }, me.data.session);
    const started = await post<{ orderRcptId: string }>('startOrder', { offline: true }, me.data.session);
    expect(started.status).toBe(200);

    const other = await post<{ session: string }>('signUpAndLogin', {
      name: 'Next Buyer',
      mobile: `94${String(Date.now()).slice(-8)}`,
      email: uniqueEmail('next'),
      password: 'next-buyer-pass-1',
    });
    const blocked = await post(
      'addToCart',
      { productQtys: { [item.id]: { qty: 1, fullSponsor: true } } },
      other.data.session,
    );
    expect(blocked.status).toBe(409);

    const { page, problems } = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, email, password);
    await page.goto('/profile');
    const row = page.getByRole('row').filter({ hasText: started.data.orderRcptId });
    await row.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this contribution?' });
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByText(`Contribution ${started.data.orderRcptId} has been cancelled`).waitFor();
    await page.screenshot({ path: 'test-results/give-up-390.png', fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const free = await post(
      'addToCart',
      { productQtys: { [item.id]: { qty: 1, fullSponsor: true } } },
      other.data.session,
    );
    expect(free.status).toBe(200);
    expect(problems).toEqual([]);
  });
});
