// A member of last festival year gets the admins' renewal reminder and renews from its link, on
// a phone; another member's link is refused with a reason; the email's unsubscribe link works.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, openAdminTab, outbox, post, reviewSelection, signIn, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'kali-puja-2026';

async function lastYearMember(name: string, code: string, qty: number) {
  const email = uniqueEmail('renew');
  const info = await post('signUpAndLogin', { name, email, mobile: '98300 22222', password: PASSWORD });
  await post('devLastYearMembership', { code, qty }, info.session);
  return { email, token: info.session as string };
}

describe('renewal from the reminder email', () => {
  it('admin sends the reminder; the member opens its link, finds last year’s plan chosen and pays', async () => {
    const m = await lastYearMember('Aparna Sen', 'MUTV', 3);
    const other = await lastYearMember('Bikash Roy', 'MABD', 1);
    const admin = (await post('login', { email: 'admin@example.org', password: 'admin-demo-123' })).session;

    // The admin console: audience, preview, test to self, send.
    const { page: adminPage, problems: adminProblems } = await newPage(browser);
    await signIn(adminPage, 'admin@example.org', 'admin-demo-123');
    await adminPage.goto('/admin');
    await openAdminTab(adminPage, 'Renewals');
    await adminPage
      .getByTestId('reminder-audience')
      .getByText(/^\d+ members of \d{4}-\d{2} have not renewed/)
      .waitFor();
    await adminPage.getByRole('button', { name: 'Preview email' }).click();
    await adminPage
      .getByTestId('reminder-preview')
      .getByText(/Renew your .+ for \d{4}-\d{2}/)
      .waitFor();
    await adminPage.keyboard.press('Escape');
    await adminPage.getByRole('button', { name: 'Send a test to me' }).click();
    await adminPage.getByText('A test email was sent to admin@example.org.').waitFor();
    await adminPage.getByRole('button', { name: 'Send reminders' }).click();
    await adminPage
      .getByRole('dialog', { name: 'Send the renewal reminder?' })
      .getByRole('button', { name: 'Send reminders' })
      .click();
    await adminPage.getByText(/Renewal reminders to \d+ members are on their way/).waitFor();
    // a second press is refused with the reason
    await expect(post('startReminderCampaign', {}, admin)).rejects.toThrow(/CampaignRunning/);
    await adminPage.getByTestId('renewal-report').waitFor();
    await adminPage.screenshot({ path: '/tmp/renewals-admin.png', fullPage: true });
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(adminProblems).toEqual([]);

    // The cron's step (run now, local mode).
    await post('devSendReminders', {});
    const mail = (await outbox(m.email)).find((x) => x.subject.startsWith('Renew your'));
    expect(mail?.subject).toMatch(/^Renew your UTSAV.* membership for \d{4}-\d{2}$/);
    const link = /https?:\/\/\S+\/membership\?renew=\d+/.exec(mail!.text)![0];
    const unsubscribeLink = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(mail!.text)![0];

    // Another member who opens this link is told why nothing happens.
    const { page: otherPage } = await newPage(browser);
    await signIn(otherPage, other.email, PASSWORD);
    await otherPage.goto(new URL(link).pathname + new URL(link).search);
    await otherPage.getByText('This renewal link was sent to another member.', { exact: false }).waitFor();
    await otherPage.context().close();

    // The member opens the link logged out, logs in, comes back to it: last year's UTSAV x 3 is chosen.
    const { page, problems } = await newPage(browser);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await signIn(page, m.email, PASSWORD, { open: false });
    await page.waitForURL((u) => u.pathname === '/membership' && u.searchParams.has('renew'));
    await page.getByRole('heading', { name: /^Renew your UTSAV.* for \d{4}-\d{2}$/ }).waitFor();
    const utsav = page.locator('article[data-code="MUTV"]');
    await utsav.getByText('₹7,552.50').waitFor(); // 3 x 2,650 less the 5% family benefit
    await page.getByTestId('total').getByText('₹7,552.50').waitFor();
    await page.screenshot({ path: '/tmp/renewals-membership.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // ... and goes through the normal cart and checkout.
    await page.getByRole('button', { name: 'Proceed for Sponsorship' }).click();
    await page.waitForURL('**/sponsorship');
    await reviewSelection(page);
    await page.getByRole('cell', { name: /UTSAV/ }).first().waitFor();
    await page.getByLabel('* Door no, Building/Society name').fill('7 Rose Apartments');
    await page.getByLabel('Road Name, Area, etc').fill('Salt Lake');
    await page.getByLabel('* City').fill('Kolkata');
    await page.getByLabel('* State').fill('West Bengal');
    await page.getByLabel('* Pin').fill('700091');
    await page.getByLabel('* How did you come to know about us?').selectOption('Other');
    await page.getByLabel('*Referred by').fill('Ruma');
    await page.getByRole('button', { name: /^Pay ₹.* Online$/ }).click();
    await page
      .getByRole('dialog', { name: 'Razorpay test checkout' })
      .getByRole('button', { name: 'Pay successfully' })
      .click();
    let renewed = false;
    for (let i = 0; i < 40 && !renewed; i++) {
      renewed = (await post('getRenewal', {}, m.token)).renewed;
      if (!renewed) await new Promise((r) => setTimeout(r, 250));
    }
    expect(renewed).toBe(true);
    // the offer is gone from the profile once renewed
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByTestId('renewal-card').count()).toBe(0);
    expect(problems).toEqual([]);

    // The email's unsubscribe link (no login needed), then the profile shows the choice.
    const { page: unsub, problems: unsubProblems } = await newPage(browser);
    await unsub.goto(new URL(unsubscribeLink).pathname + new URL(unsubscribeLink).search);
    await unsub.getByText('You will get no more renewal reminders.', { exact: false }).waitFor();
    await unsub.screenshot({ path: '/tmp/renewals-unsubscribe.png' });
    await unsub.goto('/unsubscribe?token=1.2.AAAAAAAAAAAAAAAAAAAAAA');
    await unsub.getByText('This unsubscribe link is not valid.', { exact: false }).waitFor();
    expect(unsubProblems).toEqual([]);
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Profile' }).click();
    const box = page.getByRole('checkbox', { name: 'Renewal reminders: Email' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    await page.screenshot({ path: '/tmp/renewals-profile.png', fullPage: true });
  });
});
