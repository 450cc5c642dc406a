// Channels beside email as people walk through them, on a 390 px phone: a member turns on
// notifications after paying and chooses WhatsApp for announcements on the profile; an admin sends a Bengali
// announcement to a day's pass holders; the stand-ins (WhatsApp's Cloud API, the push service, the email outbox)
// show it exactly once per member, on the channels each chose. The push body is decrypted here with node:crypto.
// Screenshots go to /tmp/channels-*.png for a person to look at.
import { createDecipheriv, createPrivateKey, createPublicKey, diffieHellman, hkdfSync } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUtr } from '../fixtures/bank-statements';
import { BASE, launch, openAdminTab, outbox, post, signIn, uniqueEmail, watch } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PASS = 'DPDY'; // Dinner Pass: "holders of a day's pass"

type Member = { email: string; password: string; token: string; mobile: string; rcpt: string };

/** A member who bought the day's pass by direct transfer, approved by the admin (the real calls). */
async function passHolder(tag: string, lang: 'en' | 'bn-IN'): Promise<Member> {
  const email = uniqueEmail(tag);
  const password = 'channels-pass-1';
  const mobile = `97${String(Date.now()).slice(-8)}`;
  const user = await post<{ session: string }>('signUpAndLogin', { name: `Channels ${tag}`, mobile, email, password });
  if (lang === 'bn-IN') await post('setLanguage', { lang }, user.session);
  const catalogue = await post<{ productsResponses: { DAILY_PASS: { id: number; code: string }[] } }>(
    'getUProducts',
    {},
    user.session,
  );
  const pass = catalogue.productsResponses.DAILY_PASS.find((p) => p.code === PASS)!;
  await post('addToCart', { productQtys: { [pass.id]: { qty: 1, code: PASS } } }, user.session);
  const start = await post<{ orderRcptId: string; orderPkId: number }>('startOrder', { offline: true }, user.session);
  await post(
    'handleOfflineOrder',
    { isOffline: true, offlineTxnId: newUtr(), offlineBankName: 'SBI', orderRcptId: start.orderRcptId },
    user.session,
  );
  const admin = await adminToken();
  const pending = await post<{ orderPkId: number; offlineUserId: number }[]>('getPendingOrders', {}, admin);
  const mine = pending.find((o) => o.orderPkId === start.orderPkId)!;
  await post('approveOfflineOrder', { offlineUserId: mine.offlineUserId, orderPkId: mine.orderPkId }, admin);
  return { email, password, token: user.session, mobile, rcpt: start.orderRcptId };
}

async function adminToken() {
  return (await post<{ session: string }>('login', { email: 'admin@example.org', password: 'admin-demo-123' })).session;
}

/** Signs in as a person's phone already holds a session (the login form is tested elsewhere). */
async function storeSession(page: Page, m: { email: string; password: string }) {
  const info = await post('login', { email: m.email, password: m.password, iid: crypto.randomUUID() });
  await page.goto('/tnc');
  await page.evaluate((i) => localStorage.setItem('user-info', JSON.stringify(i)), info);
}

/**
 * A phone whose browser may show notifications. Headless Chromium has no push service, so PushManager's subscribe()
 * and getSubscription() are pointed at the local stand-in push service (what FCM is to Chrome); everything else —
 * the permission, the service worker, the app's subscription call — is the browser's own.
 */
async function pushPhone(lang: 'en' | 'bn-IN'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: BASE,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
    locale: lang === 'bn-IN' ? 'bn-IN' : 'en-US',
  });
  await context.grantPermissions(['notifications'], { origin: BASE });
  await context.addInitScript(() => {
    const KEY = 'e2e-push-subscription';
    const b64 = (buf: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buf)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const raw = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    type Json = { endpoint: string; keys: { p256dh: string; auth: string }; appKey: string };
    const made = (j: Json) => ({
      endpoint: j.endpoint,
      expirationTime: null,
      options: { applicationServerKey: raw(j.appKey).buffer, userVisibleOnly: true },
      getKey: (name: 'p256dh' | 'auth') => raw(j.keys[name]).buffer,
      toJSON: () => ({ endpoint: j.endpoint, expirationTime: null, keys: j.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const appKey = b64(new Uint8Array(options?.applicationServerKey as ArrayBuffer).buffer as ArrayBuffer);
      const res = await fetch('/api/dev/push/subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ applicationServerKey: appKey }),
      });
      const j = { ...(await res.json()), appKey };
      localStorage.setItem(KEY, JSON.stringify(j));
      return made(j) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      const j = localStorage.getItem(KEY);
      return (j ? made(JSON.parse(j)) : null) as unknown as PushSubscription;
    };
  });
  if (lang === 'bn-IN') {
    await context.addInitScript(() => {
      try {
        localStorage.setItem('samiti-lang', 'bn-IN');
      } catch {
        // a document without storage (about:blank)
      }
    });
  }
  const page = await context.newPage();
  watch(page);
  return { context, page };
}

/** Nothing wider than the screen: '' when it fits, otherwise the elements that reach past its right edge. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= w) return '';
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > w + 1)
      .slice(0, 6)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} right=${Math.round(el.getBoundingClientRect().right)}`)
      .join('; ');
  });

// ---- the test's own RFC 8291 decryption, with node:crypto ----

function decryptPush(bodyB64: string, privateJwk: JsonWebKey, sub: { p256dh: string; auth: string }): string {
  const body = Buffer.from(bodyB64, 'base64url');
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const sealed = body.subarray(21 + idlen);
  const ua = createPrivateKey({ key: privateJwk as never, format: 'jwk' });
  const as = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: asPublic.subarray(1, 33).toString('base64url'),
      y: asPublic.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const secret = diffieHellman({ privateKey: ua, publicKey: as });
  const uaPublic = Buffer.from(sub.p256dh, 'base64url');
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, Buffer.from(sub.auth, 'base64url'), info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const padded = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (padded[end] === 0) end--;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return padded.subarray(0, end).toString('utf8');
}

async function json<T>(path: string): Promise<T> {
  return ((await (await fetch(`${BASE}${path}`)).json()) as { data: T }).data;
}

describe('channels beside email', () => {
  it('a member turns on push and WhatsApp on a phone; a Bengali announcement reaches each pass holder once, as chosen', async () => {
    const bn = await passHolder('chbn', 'bn-IN');
    const en = await passHolder('chen', 'en');

    // 1. The Bengali member, on their phone after paying: the profile offers notifications; one tap turns them on.
    const { context, page } = await pushPhone('bn-IN');
    await storeSession(page, bn);
    await page.goto(`/profile?pass=${bn.rcpt}`);
    // the pass link opens the pass
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    const offer = page.getByTestId('push-offer');
    await offer.waitFor();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: '/tmp/channels-profile-offer-bn.png', fullPage: true });
    await offer.getByRole('button').first().click();
    await offer.waitFor({ state: 'detached' });
    const prefs = await post<{ push: { devices: number }; prefs: { kind: string; channel: string; on: boolean }[] }>(
      'getChannelPrefs',
      {},
      bn.token,
    );
    expect(prefs.push.devices).toBe(1);
    const subscription = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))) ?? 'null',
    ) as { endpoint: string; keys: { p256dh: string; auth: string }; privateKey: JsonWebKey };
    expect(subscription.endpoint).toContain('/dev/push/send/');

    // 2. On the profile's Profile tab: WhatsApp for announcements (with the number), and no announcement emails.
    await page.getByRole('tab').first().click();
    const choices = page.getByTestId('channel-prefs');
    await choices.waitFor();
    const number = `+91${bn.mobile}`;
    await choices.getByRole('textbox').fill(number);
    await choices.getByRole('checkbox', { name: 'উৎসবের ঘোষণা: হোয়াটসঅ্যাপ' }).click();
    await expect
      .poll(async () => await choices.getByRole('checkbox', { name: 'উৎসবের ঘোষণা: হোয়াটসঅ্যাপ' }).isChecked())
      .toBe(true);
    await choices.getByRole('checkbox', { name: 'উৎসবের ঘোষণা: ইমেল' }).click();
    await expect
      .poll(async () =>
        (await post<{ prefs: { kind: string; channel: string; on: boolean }[] }>('getChannelPrefs', {}, bn.token)).prefs
          .filter((p) => p.kind === 'announcements')
          .map((p) => `${p.channel}:${p.on}`)
          .join(),
      )
      .toBe('email:false,whatsapp:true,push:true');
    await choices.scrollIntoViewIfNeeded();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: '/tmp/channels-profile-bn.png', fullPage: true });
    await choices.screenshot({ path: '/tmp/channels-profile-bn-choices.png' });
    expect(await overflow(page)).toBe('');

    // 3. The admin writes the announcement in both languages for the Dinner Pass's holders and sends it.
    const adminCtx = await browser.newContext({
      baseURL: BASE,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    const admin = await adminCtx.newPage();
    watch(admin);
    await signIn(admin, 'admin@example.org', 'admin-demo-123');
    await admin.waitForURL('**/admin');
    await openAdminTab(admin, 'Messages');
    await admin.getByRole('heading', { name: 'New announcement' }).waitFor();
    const stamp = Date.now().toString(36);
    // a missing field is said under it
    await admin.getByRole('button', { name: 'Send now' }).click();
    await admin.getByText('Write this in both languages.').first().waitFor();
    const english = admin.getByRole('group', { name: 'In English' });
    await english.getByLabel('Title').fill(`Bhog counter opens ${stamp}`);
    await english.getByLabel('Message').fill('The bhog counter opens at 1 pm near the main gate.');
    const bengali = admin.getByRole('group', { name: 'In Bengali' });
    await bengali.getByLabel('Title').fill(`ভোগ কাউন্টার খুলছে ${stamp}`);
    await bengali.getByLabel('Message').fill('দুপুর একটায় মূল গেটের পাশে ভোগ কাউন্টার খুলবে।');
    await admin.getByLabel('Send to').selectOption('pass');
    await admin.getByLabel('Daily pass').selectOption({ label: 'Dinner Pass' });
    await expect.poll(async () => admin.getByTestId('msg-reach').textContent()).toMatch(/^\d+ members: /);
    await admin.getByLabel('Also show it to volunteers on the venue screen').check();
    await admin.getByRole('radio', { name: 'বাংলা' }).check();
    await admin.getByTestId('phone-preview').getByText(`ভোগ কাউন্টার খুলছে ${stamp}`).first().waitFor();
    expect(await overflow(admin)).toBe('');
    await admin.getByTestId('phone-preview').scrollIntoViewIfNeeded();
    // the bold Bengali face loads when first drawn (unicode-range); wait for it before the picture
    await admin.evaluate(() => document.fonts.load('700 1em "Noto Sans Bengali"', 'ভোগ'));
    await admin.evaluate(() => document.fonts.ready);
    await admin.screenshot({ path: '/tmp/channels-admin-compose.png', fullPage: true });
    await admin.getByTestId('phone-preview').screenshot({ path: '/tmp/channels-admin-preview-bn.png' });
    await admin.getByRole('button', { name: 'Send now' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Send this announcement?' });
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await admin.getByText(/The announcement is on its way to \d+ members/).waitFor();

    // 4. The cron's step (at once here), twice: still once per member and channel.
    await post('devSendAnnouncements');
    await post('devSendAnnouncements');

    // WhatsApp: once, in Bengali, with the approved template
    const wa = (
      await json<{ template: string; lang: string; text: string }[]>(
        `/api/dev/whatsapp?to=${encodeURIComponent(number)}`,
      )
    ).filter((m) => m.text.includes(stamp));
    expect(wa).toHaveLength(1);
    expect(wa[0]).toMatchObject({ template: 'samiti_announcement', lang: 'bn' });
    expect(wa[0]!.text).toContain(`ভোগ কাউন্টার খুলছে ${stamp}`);
    // push: once, decrypted here on its own, in Bengali
    const pushes = await json<{ body: string; headers: Record<string, string> }[]>(
      `/api/dev/push?endpoint=${encodeURIComponent(subscription.endpoint)}`,
    );
    const opened = pushes.map((p) => JSON.parse(decryptPush(p.body, subscription.privateKey, subscription.keys)));
    const announced = opened.filter((p) => String(p.title).includes(stamp));
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({
      title: `ভোগ কাউন্টার খুলছে ${stamp}`,
      body: 'দুপুর একটায় মূল গেটের পাশে ভোগ কাউন্টার খুলবে।',
    });
    expect(announced[0].stop.url).toMatch(/^\/unsubscribe\?token=\d+\.\d+\.ap\./);
    // email: the Bengali member turned announcement emails off; the English member gets one, in English
    expect((await outbox(bn.email)).filter((m) => m.subject.includes(stamp))).toEqual([]);
    const enMails = (await outbox(en.email)).filter((m) => m.subject.includes(stamp));
    expect(enMails).toHaveLength(1);
    expect(enMails[0]!.subject).toBe(`Bhog counter opens ${stamp}`);
    expect(enMails[0]!.text).toContain('To stop these emails: http');

    // 5. The report per channel, after a refresh
    await admin.getByRole('button', { name: 'Refresh' }).click();
    const item = admin.getByTestId('announcement').filter({ hasText: `Bhog counter opens ${stamp}` });
    await item.waitFor();
    const sent = (channel: string) => item.getByTestId(`report-${channel}`).locator('td').first().textContent();
    await expect.poll(async () => Number(await sent('whatsapp'))).toBeGreaterThanOrEqual(1);
    expect(Number(await sent('email'))).toBeGreaterThanOrEqual(1);
    await item.scrollIntoViewIfNeeded();
    await admin.evaluate(() => document.fonts.ready);
    await item.screenshot({ path: '/tmp/channels-admin-report.png' });

    // what reached the Bengali member, as the admin sees it
    await admin.getByLabel('Member’s email').fill(bn.email);
    await admin.getByRole('button', { name: 'Show' }).click();
    const rows = admin.getByTestId('member-deliveries');
    await rows.getByText(`Bhog counter opens ${stamp}`).first().waitFor();
    expect(await overflow(admin)).toBe('');
    await rows.scrollIntoViewIfNeeded();
    await admin.evaluate(() => document.fonts.ready);
    await rows.screenshot({ path: '/tmp/channels-admin-deliveries.png' });

    // the stand-ins' own pages show the messages
    await admin.goto('/dev/whatsapp');
    await admin.getByText(`ভোগ কাউন্টার খুলছে ${stamp}`).first().waitFor();
    await admin.evaluate(() => document.fonts.ready);
    await admin.screenshot({ path: '/tmp/channels-dev-whatsapp.png', fullPage: true });

    // the volunteers see it on /venue, below the passes
    const venue = await adminCtx.newPage();
    watch(venue);
    await storeSession(venue, { email: 'volunteer@example.org', password: 'volunteer-demo-123' });
    await venue.goto('/venue');
    const news = venue.getByTestId('venue-notices');
    await news.getByText(`Bhog counter opens ${stamp}`).waitFor();
    expect(await overflow(venue)).toBe('');
    await news.screenshot({ path: '/tmp/channels-venue-news.png' });

    // 6. The service worker shows a push as a notification (delivered to it through the DevTools protocol)
    await page.goto('/profile');
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: typeof registrations }) =>
      registrations.push(...e.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.length).toBeGreaterThan(0);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: BASE,
      registrationId: registrations[0]!.registrationId,
      data: JSON.stringify(announced[0]),
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}|${n.body}`),
        ),
      )
      .toContain(`ভোগ কাউন্টার খুলছে ${stamp}|দুপুর একটায় মূল গেটের পাশে ভোগ কাউন্টার খুলবে।`);
    await context.close();
    await adminCtx.close();
  });

  it("the profile's choices change what arrives: with everything off but the payments' email, nothing else comes", async () => {
    const m = await passHolder('choff', 'en');
    // one tap each, on the profile: announcements by email off
    const context = await browser.newContext({
      baseURL: BASE,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    watch(page);
    await signIn(page, m.email, m.password);
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Profile' }).click();
    const box = page.getByRole('checkbox', { name: 'Festival announcements: Email' });
    await box.click();
    await expect.poll(() => box.isChecked()).toBe(false);
    // the payments' email cannot be turned off
    expect(await page.getByRole('checkbox', { name: 'Receipts and payment news: Email' }).isDisabled()).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: '/tmp/channels-profile-en.png', fullPage: true });
    const stamp = `off${Date.now().toString(36)}`;
    const admin = await adminToken();
    const passes = (await post<{ passes: { id: number; code: string }[] }>('getAnnouncements', {}, admin)).passes;
    await post(
      'createAnnouncement',
      {
        titleEn: `Dandiya moves ${stamp}`,
        bodyEn: 'Dandiya moves to Hall B.',
        titleBn: `ডান্ডিয়া সরছে ${stamp}`,
        bodyBn: 'ডান্ডিয়া হল বি-তে সরছে।',
        audience: 'pass',
        productId: passes.find((p) => p.code === PASS)!.id,
        requestKey: `e2e${stamp}`,
      },
      admin,
    );
    await post('devSendAnnouncements');
    expect((await outbox(m.email)).filter((x) => x.subject.includes(stamp))).toEqual([]);
    await context.close();
  });
});

describe('the Messages tab in Bengali', () => {
  it('composes and previews on a phone without sideways scrolling', async () => {
    // a Bengali admin of its own: the demo admin stays English for the other tests
    const email = uniqueEmail('bnadmin');
    const password = 'bn-admin-pass-1';
    await post('signUpAndLogin', { name: 'বাংলা অ্যাডমিন', mobile: '9845011112', email, password });
    await post('setUserRole', { email, role: 'admin', granted: true }, await adminToken());
    const { context, page } = await pushPhone('bn-IN');
    await storeSession(page, { email, password });
    await page.goto('/admin');
    await openAdminTab(page, 'বার্তা');
    await page.getByRole('heading', { name: 'নতুন ঘোষণা' }).waitFor();
    await page.getByRole('group', { name: 'বাংলায়' }).getByLabel('শিরোনাম').fill('ডান্ডিয়া হল বি-তে');
    await page.getByRole('group', { name: 'বাংলায়' }).getByLabel('বার্তা').fill('আজ সন্ধ্যার ডান্ডিয়া হল বি-তে হবে।');
    await page.getByTestId('phone-preview').getByText('ডান্ডিয়া হল বি-তে').first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await overflow(page)).toBe('');
    await page.screenshot({ path: '/tmp/channels-admin-bn.png', fullPage: true });
    await page.getByTestId('phone-preview').screenshot({ path: '/tmp/channels-admin-preview-bn2.png' });
    await context.close();
  });
});
