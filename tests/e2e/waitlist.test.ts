// Capacity and the waiting list on a 390 px phone: a pass sells out, a member joins its
// waiting list on /dmPass, the units free up (the holder gives up), the member gets the email, follows its link
// and buys the units it holds. The admin sets the capacity and turns the list on from All Products.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUtr } from '../fixtures/bank-statements';
import { api, launch, newPage, openAdminTab, outbox, signIn, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const post = async <T = any>(path: string, body: object, token?: string) => {
  const r = await api<T>(path, body, token);
  return { status: r.status, data: r.body.data as T, body: r.body };
};
const noSideways = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function member(tag: string) {
  const email = uniqueEmail(tag);
  const password = `${tag}-pass-123`;
  const r = await post<{ session: string }>('signUpAndLogin', {
    name: `Member ${tag}`,
    mobile: `9${String(Date.now()).slice(-9)}`,
    email,
    password,
  });
  return { email, password, token: r.data.session };
}

describe('capacity and the waiting list', () => {
  it('sells out, takes a place in line, offers the freed units by email and sells them to the member', async () => {
    const admin = (await post<{ session: string }>('login', { email: 'admin@example.org', password: 'admin-demo-123' }))
      .data.session;
    const code = `W${Math.random().toString(36).slice(2, 5).toUpperCase().padEnd(3, 'Z')}`;
    const name = `Dinner seat ${code}`;
    expect(
      (await post('addProduct', { code, name, price: 700, coSponsorPrice: 700, dailyMembership: true }, admin)).status,
    ).toBe(200);
    const passes = await post<any>('getUProducts', {});
    const pass = (passes.data.productsResponses.DAILY_PASS as { id: number; code: string }[]).find(
      (p) => p.code === code,
    )!;

    // the admin sets a capacity of 2 and turns the waiting list on, at phone width
    const adm = await newPage(browser, { width: 390, height: 844 });
    await signIn(adm.page, 'admin@example.org', 'admin-demo-123');
    await adm.page.goto('/admin');
    await openAdminTab(adm.page, 'All Products');
    await adm.page.getByRole('button', { name: `Capacity ${code}` }).click();
    const dialog = adm.page.getByRole('dialog', { name: `Capacity of ${code}` });
    await dialog.getByLabel('Units that may be sold (empty: unlimited)').fill('2');
    await adm.page.screenshot({ path: 'test-results/capacity-dialog-390.png' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await adm.page.getByText(`The capacity of "${name}" is saved.`).waitFor();
    await adm.page.getByRole('button', { name: `Turn waiting list on ${code}` }).click();
    await adm.page.getByRole('button', { name: `Turn waiting list off ${code}` }).waitFor();
    await adm.page.locator('tr', { hasText: code }).screenshot({ path: 'test-results/capacity-row-390.png' });
    expect(await noSideways(adm.page)).toBeLessThanOrEqual(0);

    // someone holds both units: sold out
    const holder = await member('holder');
    await post('addToCart', { productQtys: { [pass.id]: { qty: 2 } } }, holder.token);
    const held = await post<{ orderRcptId: string }>('startOrder', { offline: true }, holder.token);
    expect(held.status).toBe(200);

    // the member sees it sold out on /dmPass and joins the waiting list for 2
    const me = await member('waiter');
    const { page, problems } = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, me.email, me.password);
    await page.goto('/dmPass');
    const card = page.locator(`article[data-code="${code}"]`);
    await card.getByText('Sold out').waitFor();
    await card.getByLabel('How many do you want?').fill('2');
    await card.getByRole('button', { name: 'Join the waiting list' }).click();
    await card.getByText('You are number 1 on the waiting list for 2.').waitFor();
    await page.screenshot({ path: 'test-results/waitlist-390.png', fullPage: true });
    expect(await noSideways(page)).toBeLessThanOrEqual(0);

    // the holder gives up: the units go to the member, held for them, with an email
    expect((await post('giveUpOrder', { orderRcptId: held.data.orderRcptId }, holder.token)).status).toBe(200);
    let mail: { subject: string; text: string } | undefined;
    for (let i = 0; i < 50 && !mail; i++) {
      mail = (await outbox(me.email)).find((m: { subject: string }) =>
        m.subject.startsWith('Your turn on the waiting list'),
      );
      if (!mail) await new Promise((r) => setTimeout(r, 200));
    }
    expect(mail?.subject).toBe(`Your turn on the waiting list: ${name}`);
    const link = /https?:\/\/\S+\/dmPass\?offer=[A-Za-z0-9_-]+/.exec(mail!.text)![0];
    // nobody else can buy them meanwhile
    const other = await member('other');
    await post('addToCart', { productQtys: { [pass.id]: { qty: 1 } } }, other.token);
    expect((await post('startOrder', { offline: true }, other.token)).body.error).toBe('SoldOut');

    // the link, opened on a phone that is logged out, asks for the login and comes back to put them in the cart
    const phone = await newPage(browser, { width: 390, height: 844 });
    await phone.page.goto(new URL(link).pathname + new URL(link).search);
    await phone.page.getByRole('link', { name: /Log in with the account that joined the waiting list/ }).click();
    await signIn(phone.page, me.email, me.password, { open: false });
    await phone.page.waitForURL('**/dpsummary');
    await phone.page.getByText(name).first().waitFor();
    expect(phone.problems).toEqual([]);
    await phone.context.close();

    // the member pays by direct transfer
    await page.goto('/dpsummary');
    await page.getByText(name).first().waitFor();
    await page.getByRole('button', { name: /^Direct Transfer ₹1,400/ }).click();
    const pay = page.getByRole('dialog', { name: 'Pay and Share details' });
    await pay.getByLabel('Bank / UPI Transaction ID').fill(newUtr());
    await pay.getByRole('button', { name: 'Update Payment Details' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you! We will verify your transfer' }).waitFor();
    const orders = await post<
      { orderTotal: number; status: string; selectedProducts: { code: string; qty: number }[] }[]
    >('getOrders', {}, me.token);
    const bought = orders.data.find((o) => o.selectedProducts.some((l) => l.code === code));
    expect(bought).toMatchObject({ status: 'Pending Approval', orderTotal: 1400 });
    const line = await post<any>('getWaitlist', { productId: pass.id }, admin);
    expect(line.data.entries[0]).toMatchObject({ email: me.email, state: 'bought' });
    expect(problems).toEqual([]);
    expect(adm.problems).toEqual([]);
  });

  it('an admin adds a capped product in one step and removes someone from its line, after a confirm', async () => {
    const admin = (await post<{ session: string }>('login', { email: 'admin@example.org', password: 'admin-demo-123' }))
      .data.session;
    const code = `R${Math.random().toString(36).slice(2, 5).toUpperCase().padEnd(3, 'Z')}`;
    const name = `Sindoor seat ${code}`;
    const adm = await newPage(browser, { width: 390, height: 844 });
    await signIn(adm.page, 'admin@example.org', 'admin-demo-123');
    await adm.page.goto('/admin');
    await openAdminTab(adm.page, 'Add Product');
    await adm.page.getByLabel('Daily Pass').check();
    await adm.page.getByLabel('Name', { exact: true }).fill(name);
    await adm.page.getByLabel('Code (4 characters, unique)').fill(code);
    await adm.page.getByLabel('Price', { exact: true }).fill('250');
    await adm.page.getByLabel('Units that may be sold (empty: unlimited)').fill('1');
    await adm.page.getByLabel('A waiting list when it sells out').check();
    await adm.page.screenshot({ path: 'test-results/add-product-capacity-390.png', fullPage: true });
    expect(await noSideways(adm.page)).toBeLessThanOrEqual(0);
    await adm.page.getByRole('button', { name: 'Add Product' }).click();
    await adm.page.getByText('Product added successfully!').waitFor();
    const all = await post<any>('getUProducts', {});
    const pass = (all.data.productsResponses.DAILY_PASS as { id: number; code: string }[]).find(
      (p) => p.code === code,
    )!;
    expect(pass).toMatchObject({ capacity: 1, waitlist: true });

    // one unit held, two people in line
    const holder = await member('rmholder');
    await post('addToCart', { productQtys: { [pass.id]: { qty: 1 } } }, holder.token);
    expect((await post('startOrder', { offline: true }, holder.token)).status).toBe(200);
    const first = await member('rmfirst');
    const second = await member('rmsecond');
    expect((await post('joinWaitlist', { productId: pass.id, qty: 1 }, first.token)).status).toBe(200);
    expect((await post('joinWaitlist', { productId: pass.id, qty: 1 }, second.token)).status).toBe(200);

    await openAdminTab(adm.page, 'All Products');
    await adm.page.getByRole('button', { name: `Waiting list (2) ${code}` }).click();
    const list = adm.page.getByRole('dialog', { name: `Waiting list of ${name}` });
    await list.getByRole('button', { name: 'Remove Member rmfirst' }).click();
    await list.getByText('Remove Member rmfirst from the waiting list?', { exact: false }).waitFor();
    await adm.page.screenshot({ path: 'test-results/waitlist-remove-390.png' });
    expect(await noSideways(adm.page)).toBeLessThanOrEqual(0);
    // "Keep" leaves them in line; the second ask is answered yes
    await list.getByRole('button', { name: 'Keep' }).click();
    expect((await post<any>('getWaitlist', { productId: pass.id }, admin)).data.waiting).toBe(2);
    await list.getByRole('button', { name: 'Remove Member rmfirst' }).click();
    await list.getByRole('button', { name: 'Yes, remove' }).click();
    await adm.page.getByText(`Member rmfirst is off the waiting list for "${name}".`).waitFor();
    await list.getByText('Removed by an admin').waitFor();
    await list.getByRole('button', { name: 'Remove Member rmsecond' }).waitFor();
    await adm.page.screenshot({ path: 'test-results/waitlist-removed-390.png' });
    const line = await post<any>('getWaitlist', { productId: pass.id }, admin);
    expect(line.data.entries.map((e: { email: string; state: string }) => [e.email, e.state])).toEqual([
      [second.email, 'waiting'],
      [first.email, 'removed'],
    ]);
    expect(adm.problems).toEqual([]);
    await adm.context.close();
  });

  it('says sold out and few left in Bengali on a Bengali phone', async () => {
    const admin = (await post<{ session: string }>('login', { email: 'admin@example.org', password: 'admin-demo-123' }))
      .data.session;
    const mk = async (capacity: number) => {
      const code = `B${Math.random().toString(36).slice(2, 5).toUpperCase().padEnd(3, 'Z')}`;
      await post(
        'addProduct',
        { code, name: `Bhog plate ${code}`, price: 300, coSponsorPrice: 300, dailyMembership: true },
        admin,
      );
      const all = await post<any>('getUProducts', {});
      const p = (all.data.productsResponses.DAILY_PASS as { id: number; code: string }[]).find((x) => x.code === code)!;
      await post('setProductCapacity', { id: p.id, capacity }, admin);
      await post('setProductWaitlist', { id: p.id, waitlist: true }, admin);
      return { ...p, code };
    };
    const gone = await mk(1);
    const few = await mk(8);
    const holder = await member('bnholder');
    await post('addToCart', { productQtys: { [gone.id]: { qty: 1 } } }, holder.token);
    expect((await post('startOrder', { offline: true }, holder.token)).status).toBe(200);

    const context = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8787',
      viewport: { width: 390, height: 844 },
      locale: 'bn-IN',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto('/dmPass');
    const soldCard = page.locator(`article[data-code="${gone.code}"]`);
    await soldCard.getByText('সব বিক্রি হয়ে গেছে').waitFor();
    await soldCard.getByText('অপেক্ষার তালিকায় নাম লেখাতে লগইন করুন।').waitFor();
    await page
      .locator(`article[data-code="${few.code}"]`)
      .getByText(/^মাত্র (8|৮)টি বাকি$/)
      .waitFor();
    await soldCard.screenshot({ path: 'test-results/waitlist-bn-390.png' });
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
