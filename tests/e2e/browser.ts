import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page, type Route } from 'playwright-core';
import { expect } from 'vitest';
import { newUtr } from '../fixtures/bank-statements';

export const BASE = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8787';

/** Debian's Chromium with the flags this machine needs (no background networking: the network is closed). */
export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  // every page of every context of this browser is watched, whoever opens it (tests/e2e/setup.ts)
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    context.on('page', (page) => {
      watch(page);
      openPages.add(page);
      page.on('close', () => openPages.delete(page));
    });
    return context;
  };
  return browser;
}

/** The pages open now, of every browser launched here: what a failed test leaves on screen is printed (setup.ts). */
export const openPages = new Set<Page>();

/** What each open page shows: its address, the focused field and its visible text, for a failed test's report. */
export async function describeOpenPages(): Promise<string> {
  const out: string[] = [];
  for (const page of openPages) {
    const seen = await page
      .evaluate(() => {
        const a = document.activeElement as HTMLElement | null;
        const focus = a
          ? `${a.tagName.toLowerCase()}${a.getAttribute('name') ? `[name=${a.getAttribute('name')}]` : ''}`
          : '';
        const fields = [...document.querySelectorAll('input')].map(
          (i) => `${i.name || i.type}=${JSON.stringify(i.value)}`,
        );
        return `focus: ${focus}; inputs: ${fields.join(', ')}\n${document.body?.innerText.slice(0, 2000) ?? ''}`;
      })
      .catch((e: Error) => `(not readable: ${e.message})`);
    out.push(`--- ${page.url()}\n${seen}`);
  }
  return out.join('\n');
}

// Page errors and console errors of every watched page, in the order they came; tests/e2e/setup.ts fails a test on
// those that came during it, unless the test said it expects them (allowBrowserError).
const pageProblems = new WeakMap<Page, string[]>();
export const allProblems: { problems: string[]; seen: number }[] = [];

/** Watches a page (once): its page errors and console errors are collected and fail the running test. */
export function watch(page: Page): string[] {
  const known = pageProblems.get(page);
  if (known) return known;
  const problems: string[] = [];
  pageProblems.set(page, problems);
  allProblems.push({ problems, seen: 0 });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // failed API calls answered 4xx are expected in negative flows and show as network errors
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  return problems;
}

export const allowed = { browser: [] as RegExp[], server: [] as RegExp[] };
/** The running test expects a page error or console error matching `pattern` in the browser. */
export function allowBrowserError(pattern: RegExp) {
  allowed.browser.push(pattern);
}
/**
 * This file's tests expect the Worker to log an error matching `pattern` (a `"level":"error"` line of wrangler dev's
 * output, e.g. /"event":"razorpay.unreachable"/); checked once the file's tests are done (tests/e2e/setup.ts).
 */
export function allowServerError(pattern: RegExp) {
  allowed.server.push(pattern);
}

/** A phone-sized context; its page's errors fail the test (tests/e2e/setup.ts), and are also returned as `problems`. */
export async function newPage(browser: Browser, opts: { width?: number; height?: number } = {}) {
  const context: BrowserContext = await browser.newContext({
    baseURL: BASE,
    viewport: { width: opts.width ?? 390, height: opts.height ?? 844 },
    serviceWorkers: 'block',
  });
  const page: Page = await context.newPage();
  const problems = watch(page);
  return { context, page, problems };
}

export async function outbox(to: string) {
  const r = await fetch(`${BASE}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await r.json()) as { data: { subject: string; text: string; html: string }[] }).data;
}

/** Calls the app as an old client does (POST JSON, X-Session-Token); a `path` starting with / is taken as it is. */
export async function api<T = any>(path: string, body: object = {}, token?: string | null) {
  const res = await fetch(path.startsWith('/') ? `${BASE}${path}` : `${BASE}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'X-Session-Token': token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: T } & Record<string, any> };
}

/**
 * An API call that must succeed: its `data` (the whole body for the test gateway's own answers, which have no
 * `data`). A path starting with '/' is taken as it is (`/dev/razorpay/pay`), any other goes under /api/.
 */
export async function post<T = any>(path: string, body: object = {}, token?: string | null): Promise<T> {
  const r = await api<T>(path, body, token);
  if (r.status < 200 || r.status > 299) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return (r.body.data ?? r.body) as T;
}

export const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.net`;

/**
 * Logs in through the /login form the way a person does and waits to leave /login. If the screen answers
 * with an error toast instead, the test fails with the toast's text rather than a bare navigation timeout.
 */
export async function signIn(page: Page, email: string, password: string, opts: { open?: boolean } = {}) {
  if (opts.open !== false) await page.goto('/login');
  // wait for the screen itself: after a client-side navigation the previous screen (which may have its
  // own Email field) stays up until the lazy Login chunk has loaded
  await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  const alert = page.locator('.toast[role="alert"]').first();
  const outcome = await Promise.race([
    // members land on /membership, admins on /admin, volunteers on /venue (docs/decisions/103)
    page.waitForURL((u) => u.pathname !== '/login').then(() => 'ok' as const),
    alert.waitFor().then(async () => `login answered with an error toast: ${await alert.textContent()}`),
  ]);
  if (outcome !== 'ok') throw new Error(outcome);
  // the address changes before React draws the landing screen (its lazy chunk may still be loading); until the
  // Login screen is gone, a click on the bar can be undone by the route change that closes the menu
  await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor({ state: 'detached' });
}

/**
 * On /sponsorship: once the items and the stored cart have loaded (the total is no longer zero), presses Review
 * once, says yes if the no-membership question comes (SPEC.md section 2), and waits for /summary. No retry: a click
 * that does not move on is a failure of the screen, and shows as one.
 */
export async function reviewSelection(
  page: Page,
  names: { review: string; yes: string } = { review: 'Review your Selection(s)', yes: 'Yes, Proceed' },
) {
  await page.locator('.ct-grid article').first().waitFor();
  await page.waitForFunction(() => /[1-9]/.test(document.querySelector('[data-testid="total"]')?.textContent ?? ''));
  const yes = page.getByRole('button', { name: names.yes });
  await page.getByRole('button', { name: names.review }).click();
  const summary = page.waitForURL('**/summary');
  const question = yes.waitFor();
  // whichever comes second is left waiting; its later timeout is not this test's failure (the race below decides)
  summary.catch(() => undefined);
  question.catch(() => undefined);
  const asked = await Promise.race([summary.then(() => false), question.then(() => true)]);
  if (asked) {
    await yes.click();
    await page.waitForURL('**/summary');
  }
}

/**
 * The pages of `context` say navigator.onLine === true whatever the network does, and never hear `online` or
 * `offline`: as Chromium 150 did after a page was reloaded offline, and as every phone does on lie-fi (venue Wi-Fi
 * without an uplink). Offline behaviour must then follow the evidence of failed requests (docs/decisions/150).
 */
export async function lieAboutOnline(context: BrowserContext) {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true, configurable: true });
    for (const type of ['online', 'offline'])
      window.addEventListener(type, (e) => e.stopImmediatePropagation(), { capture: true });
  });
}

/**
 * Ways to lose the network: the browser offline (every request fails at once), and lie-fi, where the browser
 * believes it is online while the API's requests hang until the app gives them up, or fail (route interception:
 * the pages and the app's code still come from the service worker's cache).
 */
export type NetworkLoss = 'offline' | 'lie-fi, requests hang' | 'lie-fi, requests fail';

const hanging = new WeakMap<BrowserContext, Route[]>();

export async function loseNetwork(context: BrowserContext, how: NetworkLoss) {
  if (how === 'offline') await context.setOffline(true);
  else if (how === 'lie-fi, requests hang') {
    const held: Route[] = [];
    hanging.set(context, held);
    await context.route('**/api/**', (route) => {
      held.push(route);
    });
  } else await context.route('**/api/**', (route) => route.abort('failed'));
}

/** The network back. The requests that hung never arrive (they fail now): only a new attempt gets through. */
export async function restoreNetwork(context: BrowserContext, how: NetworkLoss) {
  for (const route of hanging.get(context)?.splice(0) ?? []) await route.abort('failed').catch(() => undefined);
  if (how === 'offline') await context.setOffline(false);
  else await context.unroute('**/api/**');
}

/**
 * The admin console's sections, in order: its tabs, or on a phone (where they fold into the Section picker,
 * docs/decisions/164) the picker's options, without their "(N waiting)".
 */
export async function adminTabNames(page: Page): Promise<string[]> {
  await page.locator('#admin-section:visible, [role="tab"]:visible').first().waitFor();
  if (await page.locator('#admin-section').isVisible()) {
    return page.$$eval('#admin-section option', (os) =>
      os.map((o) => (o as HTMLOptionElement).text.replace(/ \(\d+[^)]*\)$/, '')),
    );
  }
  return page.getByRole('tab').allTextContents();
}

/** Opens a section of the admin console by its name: its tab, or on a phone the Section picker's option. */
export async function openAdminTab(page: Page, name: string | RegExp) {
  await page.locator('#admin-section:visible, [role="tab"]:visible').first().waitFor();
  if (!(await page.locator('#admin-section').isVisible())) {
    await page
      .getByRole('tab', typeof name === 'string' ? { name, exact: true } : { name })
      .first()
      .click();
    return;
  }
  const pattern = typeof name === 'string' ? null : { source: name.source, flags: name.flags };
  const value = await page.$$eval(
    '#admin-section option',
    (os, [text, re]) =>
      (os as HTMLOptionElement[]).find((o) => {
        const label = o.text.replace(/ \(\d+[^)]*\)$/, '');
        return re ? new RegExp(re.source, re.flags).test(label) : label === text;
      })?.value,
    [typeof name === 'string' ? name : '', pattern] as const,
  );
  if (!value) throw new Error(`no admin section ${String(name)}`);
  await page.locator('#admin-section').selectOption(value);
}

/**
 * The controls on screen that a toast covers: each control that is the topmost element at its centre while the
 * toasts are hidden (so that a button under the sticky bar or the dialog's backdrop does not count), whose box
 * meets a toast's box. Inside an open dialog only the dialog's own controls count.
 */
export function coveredByToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toasts = [...document.querySelectorAll<HTMLElement>('.toast')];
    const boxes = toasts.map((t) => t.getBoundingClientRect());
    const scope: ParentNode = document.querySelector('[role="dialog"]') ?? document;
    for (const t of toasts) t.style.visibility = 'hidden';
    const visible: [string, DOMRect][] = [];
    for (const el of scope.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, summary')) {
      if (toasts.some((t) => t.contains(el))) continue;
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || r.bottom <= 0 || r.top >= innerHeight) continue;
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!top || !(el === top || el.contains(top))) continue;
      visible.push([(el.textContent ?? '').trim() || el.getAttribute('aria-label') || el.tagName, r]);
    }
    for (const t of toasts) t.style.visibility = '';
    return visible
      .filter(([, r]) =>
        boxes.some((b) => r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top),
      )
      .map(([name]) => name);
  });
}

// Evaluated through the DevTools protocol: the site's CSP (rightly) refuses injected <script> tags.
let axeSource: string | null = null;

/**
 * The screen as it is now passes axe (WCAG 2 A/AA: no serious or critical violation) and has no sideways scroll.
 * An open dialog is checked with the page under it.
 */
export async function expectAccessible(page: Page) {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: any[] }> } }).axe;
    const r = await axe.run({ runOnly: ['wcag2a', 'wcag2aa'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n: { target: string[] }) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations, page.url()).toEqual([]);
  const width = page.viewportSize()?.width ?? 390;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), page.url()).toBeLessThanOrEqual(width);
}

/**
 * A new member (signed up through the real calls) with `qty` of the product `code` in the cart, as the member's
 * screens would put it there: a membership plan from /getProducts, a daily pass from /getUProducts.
 */
export async function memberWithCart(
  tag: string,
  cart: {
    name: string;
    mobilePrefix: string;
    password: string;
    kind: 'MEMBERSHIP' | 'DAILY_PASS';
    code: string;
    qty: number;
  },
) {
  const email = uniqueEmail(tag);
  const user = await post<{ session: string }>('signUpAndLogin', {
    name: cart.name,
    mobile: `${cart.mobilePrefix}${String(Date.now()).slice(-8)}`,
    email,
    password: cart.password,
    iid: crypto.randomUUID(),
  });
  type Catalogue = { productsResponses: Record<string, { id: number; code: string }[]> };
  const catalogue = await post<Catalogue>(
    cart.kind === 'DAILY_PASS' ? 'getUProducts' : 'getProducts',
    {},
    user.session,
  );
  const product = catalogue.productsResponses[cart.kind]!.find((p) => p.code === cart.code)!;
  await post('addToCart', { productQtys: { [product.id]: { qty: cart.qty, code: cart.code } } }, user.session);
  return { email, password: cart.password, token: user.session };
}

/** Pays the member's cart online through the test gateway, as the checkout does (`extra`: /startOrder's billing). */
export async function payCartOnline(token: string, extra: object = {}) {
  const start = await post<{ orderOrTokenId: string; orderRcptId: string; orderPkId: number }>(
    'startOrder',
    { offline: false, ...extra },
    token,
  );
  const paid = await post<{ razorpay_payment_id: string; razorpay_signature: string }>('/dev/razorpay/pay', {
    key: 'rzp_test_local',
    order_id: start.orderOrTokenId,
    outcome: 'success',
    webhooks: false,
  });
  await post(
    'handleSuccessOrder',
    {
      isOffline: false,
      orderId: start.orderOrTokenId,
      razorpayPaymentId: paid.razorpay_payment_id,
      razorpaySignature: paid.razorpay_signature,
    },
    token,
  );
  return { rcpt: start.orderRcptId, orderPkId: start.orderPkId, paymentId: paid.razorpay_payment_id };
}

/** Pays the member's cart by direct transfer and has the demo admin approve it, as in life. */
export async function payCartByTransfer(token: string) {
  const start = await post<{ orderRcptId: string; orderPkId: number }>('startOrder', { offline: true }, token);
  const txn = newUtr();
  await post(
    'handleOfflineOrder',
    { isOffline: true, offlineTxnId: txn, offlineBankName: 'SBI', orderRcptId: start.orderRcptId },
    token,
  );
  const admin = await post<{ session: string }>('login', {
    email: 'admin@example.org',
    password: 'admin-demo-123',
    iid: crypto.randomUUID(),
  });
  const pending = await post<{ orderPkId: number; offlineUserId: number }[]>('getPendingOrders', {}, admin.session);
  const mine = pending.find((o) => o.orderPkId === start.orderPkId)!;
  await post('approveOfflineOrder', { offlineUserId: mine.offlineUserId, orderPkId: mine.orderPkId }, admin.session);
  return { rcpt: start.orderRcptId, orderPkId: start.orderPkId, txn };
}
