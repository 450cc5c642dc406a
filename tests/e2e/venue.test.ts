import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { create } from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passQrPayload } from '../../core/pass-qr';
import { BASE, launch, signIn, uniqueEmail } from './browser';
import { newUtr } from '../fixtures/bank-statements';

// The venue screen on phones that go offline: the PWA's service worker must serve the reload, so these
// tests make their own contexts with service workers allowed (the shared newPage() blocks them).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Body = { data?: any; error?: string; desc?: string };
async function call(path: string, body: object = {}, token?: string): Promise<{ status: number; body: Body }> {
  const r = await fetch(`${BASE}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'X-Session-Token': token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Body };
}
async function login(email: string, password: string) {
  const r = await call('login', { email, password, iid: crypto.randomUUID() });
  if (r.status !== 200) throw new Error(`login ${email}: ${JSON.stringify(r.body)}`);
  return r.body.data.session as string;
}

let n = 0;
/** A member buys daily passes by direct transfer and an admin approves it: a paid pass order, as in life. */
async function paidPassOrder(qty: number) {
  n++;
  const email = uniqueEmail('venue');
  const mobile = `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const name = `Venue Guest ${n}`;
  const su = await call('signUpAndLogin', {
    name,
    mobile,
    email,
    password: 'venue-guest-123',
    iid: crypto.randomUUID(),
  });
  const token = su.body.data.session as string;
  const products = await call('getUProducts', {}, token);
  const dp = (products.body.data.productsResponses.DAILY_PASS as { id: number; code: string; price: number }[]).find(
    (p) => p.code === 'DPDY',
  )!;
  const cart = await call(
    'addToCart',
    { productQtys: { [dp.id]: { qty, price: dp.price * qty, code: dp.code } }, utsavMemberCount: 0 },
    token,
  );
  expect(cart.status).toBe(200);
  const order = await call('startOrder', { offline: true }, token);
  const rcpt = order.body.data.orderRcptId as string;
  const sent = await call(
    'handleOfflineOrder',
    { isOffline: true, offlineTxnId: newUtr(), offlineBankName: 'SBI', orderRcptId: rcpt },
    token,
  );
  expect(sent.status).toBe(200);
  const admin = await login('admin@example.org', 'admin-demo-123');
  const pending = (await call('getPendingOrders', {}, admin)).body.data as {
    orderRcptId: string;
    orderPkId: number;
    offlineUserId: number;
  }[];
  const mine = pending.find((o) => o.orderRcptId === rcpt)!;
  const ok = await call('approveOfflineOrder', { offlineUserId: mine.offlineUserId, orderPkId: mine.orderPkId }, admin);
  expect(ok.status).toBe(200);
  return { name, email, mobile, rcpt };
}

async function serverPass(rcpt: string) {
  const admin = await login('admin@example.org', 'admin-demo-123');
  const r = await call('searchVenuePasses', { q: rcpt }, admin);
  return (
    r.body.data as {
      orderRcptId: string;
      passCollected: number;
      collectedAt: number;
      collectedBy: string;
      passCode: string;
    }[]
  ).find((p) => p.orderRcptId === rcpt)!;
}

/** A phone: its own context with the service worker allowed; logs in through the screens and opens /venue. */
async function phone(
  email: string,
  password: string,
  on: Browser = browser,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await on.newContext({
    baseURL: BASE,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  await signIn(page, email, password);
  await page.goto('/venue');
  await page.getByRole('heading', { name: 'Venue Pass Collection' }).waitFor();
  // the service worker installs and precaches the app, so that a reload works with no network
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!reg.active) throw new Error('no active service worker');
  });
  return { context, page, problems };
}

/** axe (WCAG 2 A/AA, serious and critical), injected over the devtools protocol (the CSP refuses inline scripts); no sideways scroll. */
async function expectAccessible(page: Page) {
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: any[] }> } }).axe;
    const r = await axe.run({ runOnly: ['wcag2a', 'wcag2aa'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n: { target: string[] }) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

async function syncNow(page: Page) {
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Sync now' }).isEnabled()).toBe(true);
}

async function searchAndCollect(page: Page, text: string, rcpt: string) {
  await page.getByLabel('Mobile, email or contribution id').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const card = page.getByRole('article', { name: rcpt });
  await card.getByText('NOT COLLECTED').waitFor();
  await card.getByRole('button', { name: 'Mark as Collected' }).click();
  await card.getByText('COLLECTED', { exact: true }).waitFor();
  return card;
}

describe('venue pass collection on a phone that goes offline', () => {
  it('collects passes offline, survives a reload, uploads on reconnect and the server agrees', async () => {
    const [a, b, c] = [await paidPassOrder(2), await paidPassOrder(1), await paidPassOrder(3)];
    // the delta sync holds back changes of the last two seconds
    await new Promise((r) => setTimeout(r, 2200));
    const { context, page, problems } = await phone('volunteer@example.org', 'volunteer-demo-123');
    await syncNow(page);
    await page.getByText(/This phone holds [1-9]\d* pass orders/).waitFor();

    await context.setOffline(true);
    await page.getByText(/^Offline: scanning and search use this phone/).waitFor();
    const before = Date.now();
    const cardA = await searchAndCollect(page, a.mobile, a.rcpt);
    await cardA.getByText('2', { exact: true }).waitFor(); // the line's quantity, large
    await page.getByText('Waiting to upload: 1', { exact: true }).waitFor();
    // a volunteer's phone keeps no email addresses (decision 072): offline it finds a pass by id or mobile
    await searchAndCollect(page, b.rcpt, b.rcpt);
    await page.getByText('Waiting to upload: 2', { exact: true }).waitFor();
    const after = Date.now();
    await expectAccessible(page);

    // nothing has reached the server yet
    expect((await serverPass(a.rcpt)).passCollected).toBe(0);

    // a reload with no network: the service worker serves the app, IndexedDB keeps the copy and the outbox
    await page.reload();
    await page.getByRole('heading', { name: 'Venue Pass Collection' }).waitFor();
    await page.getByText('Waiting to upload: 2', { exact: true }).waitFor();
    await page.getByLabel('Mobile, email or contribution id').fill(a.mobile);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('article', { name: a.rcpt }).getByText('COLLECTED', { exact: true }).waitFor();

    // back online: the outbox flushes by itself
    await context.setOffline(false);
    await page.getByText('Waiting to upload: 0', { exact: true }).waitFor();
    for (const o of [a, b]) {
      const p = await serverPass(o.rcpt);
      expect(p).toMatchObject({ passCollected: 1, collectedBy: 'Demo Volunteer' });
      // the time it happened on the phone, not the time of upload
      expect(p.collectedAt).toBeGreaterThanOrEqual(before);
      expect(p.collectedAt).toBeLessThanOrEqual(after);
    }
    expect((await serverPass(c.rcpt)).passCollected).toBe(0);

    // online, one tap collects at once; a second attempt elsewhere is refused with who and when
    await searchAndCollect(page, c.rcpt, c.rcpt);
    await page.getByText(`Pass collected for ${c.rcpt}: 3 in all.`).waitFor();
    const again = await call(
      'markCouponCollected',
      { orderRcptId: c.rcpt },
      await login('admin@example.org', 'admin-demo-123'),
    );
    expect(again.status).toBe(409);
    expect(again.body.desc).toMatch(/^Pass already collected at .+ by Demo Volunteer$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('two phones in airplane mode collect the same pass: both recorded, the earlier counts, the admin sees the conflict', async () => {
    const d = await paidPassOrder(1);
    await new Promise((r) => setTimeout(r, 2200));
    const vol = await phone('volunteer@example.org', 'volunteer-demo-123');
    const adm = await phone('admin@example.org', 'admin-demo-123');
    for (const p of [vol, adm]) {
      await syncNow(p.page);
      await p.context.setOffline(true);
    }
    await searchAndCollect(vol.page, d.mobile, d.rcpt);
    const first = Date.now();
    await new Promise((r) => setTimeout(r, 50));
    await searchAndCollect(adm.page, d.email, d.rcpt);
    // the later collection reaches the server first
    await adm.context.setOffline(false);
    await adm.page.getByText('Waiting to upload: 0', { exact: true }).waitFor();
    await vol.context.setOffline(false);
    await vol.page.getByText('Waiting to upload: 0', { exact: true }).waitFor();

    const p = await serverPass(d.rcpt);
    expect(p.collectedBy).toBe('Demo Volunteer');
    expect(p.collectedAt).toBeLessThanOrEqual(first);

    await adm.page.getByRole('button', { name: 'Passes collected twice' }).click();
    const entry = adm.page.getByRole('listitem').filter({ hasText: d.rcpt });
    await entry.waitFor();
    await expect.poll(() => entry.getByRole('listitem').count()).toBe(2);
    expect(vol.problems).toEqual([]);
    expect(adm.problems).toEqual([]);
    await vol.context.close();
    await adm.context.close();
  });
});

/**
 * A one-frame Y4M "camera" showing the pass QR (8 px per module, white quiet zone), for Chromium's fake
 * capture device: the venue screen's real getUserMedia + jsQR path reads it.
 */
function qrCameraFile(passCode: string): string {
  const m = create(passQrPayload(passCode), { errorCorrectionLevel: 'M' }).modules;
  const [w, h, scale] = [640, 480, 8];
  const side = m.size * scale;
  const [x0, y0] = [(w - side) / 2, (h - side) / 2];
  const y = Buffer.alloc(w * h, 255);
  for (let r = 0; r < m.size; r++)
    for (let c = 0; c < m.size; c++)
      if (m.data[r * m.size + c])
        for (let dy = 0; dy < scale; dy++)
          y.fill(0, (y0 + r * scale + dy) * w + x0 + c * scale, (y0 + r * scale + dy) * w + x0 + (c + 1) * scale);
  const chroma = Buffer.alloc((w / 2) * (h / 2) * 2, 128);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'venue-cam-')), 'qr.y4m');
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), y, chroma]));
  return file;
}

describe('scanning a pass QR with the camera', () => {
  it('reads the QR offline from the local copy and collects it', async () => {
    const e = await paidPassOrder(2);
    const { passCode } = await serverPass(e.rcpt);
    await new Promise((r) => setTimeout(r, 2200));
    const camera = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${qrCameraFile(passCode)}`,
      ],
    });
    try {
      const { context, page, problems } = await phone('volunteer@example.org', 'volunteer-demo-123', camera);
      await context.grantPermissions(['camera']);
      await syncNow(page);
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Scan pass QR' }).click();
      const card = page.getByRole('article', { name: e.rcpt });
      await card.getByText('NOT COLLECTED').waitFor();
      await card.getByText(e.name).waitFor();
      await card.getByRole('button', { name: 'Mark as Collected' }).click();
      await page.getByText('Waiting to upload: 1', { exact: true }).waitFor();
      await context.setOffline(false);
      await page.getByText('Waiting to upload: 0', { exact: true }).waitFor();
      expect((await serverPass(e.rcpt)).passCollected).toBe(1);
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await camera.close();
    }
  });
});
