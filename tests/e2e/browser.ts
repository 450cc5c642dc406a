import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const BASE = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8787';

/** Debian's Chromium with the flags this machine needs (no background networking: the network is closed). */
export async function launch(): Promise<Browser> {
  return chromium.launch({
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
}

/** A phone-sized context; fails the test on any page error or console error. */
export async function newPage(browser: Browser, opts: { width?: number; height?: number } = {}) {
  const context: BrowserContext = await browser.newContext({
    baseURL: BASE,
    viewport: { width: opts.width ?? 390, height: opts.height ?? 844 },
    serviceWorkers: 'block',
  });
  const page: Page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // failed API calls answered 4xx are expected in negative flows and show as network errors
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
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
}
