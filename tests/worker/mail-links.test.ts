// Emails' links survive translation: in every kind of email, in English and in Bengali, the links
// are read the way a mail client finds them in the text part (a URL runs up to the next whitespace) and each must be
// exactly the intended link, alone on its line; in the HTML part every link is an <a href> with exactly that link,
// and no URL is left as bare text. A label translated into Bengali never runs into its URL.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { upiLink } from '../../core/orders';
import { users } from '../../schema/index';
import { sendReminderBatch } from '../../worker/services/channels/renewals';
import { getSettings } from '../../worker/services/admin/settings';
import { remindUnpaidTransfers } from '../../worker/services/checkout/transfer-reminders';
import { newUtr } from '../fixtures/bank-statements';
import { ADMIN, call, db, loginAs, newUser, outbox } from './helpers';
import { fillCart, key, linesOf, orderRow, paidOnline, s, setMode, until } from './refund-fixtures';

const ORIGIN = 'http://localhost';
const URL_IN_TEXT = /\b(?:https?|upi):\/\/\S+/g;
const unescapeHtml = (v: string) =>
  v.replace(/&#(\d+);|&(amp|lt|gt|quot);/g, (_, code: string | undefined, name: string | undefined) =>
    code ? String.fromCharCode(Number(code)) : ({ amp: '&', lt: '<', gt: '>', quot: '"' } as const)[name as 'amp'],
  );

type Mail = { subject: string; text: string; html: string };

/** The links of an email as a mail client finds them: in the text part, the HTML's hrefs, and bare URLs in its text. */
function linksOf(mail: Mail) {
  const text = mail.text.match(URL_IN_TEXT) ?? [];
  const lines = mail.text.split('\n').filter((l) => URL_IN_TEXT.test(l));
  const hrefs = [...mail.html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((m) => unescapeHtml(m[1]!));
  const body = mail.html.replace(/^[\s\S]*?<body[^>]*>/, '');
  const bare = unescapeHtml(body.replace(/<[^>]*>/g, ' ')).match(URL_IN_TEXT) ?? [];
  return { text, lines, hrefs, bare };
}

/** Every link of `mail` is one of `intended`, in this order, in both parts; checked by each part as a client reads it. */
function expectLinks(mail: Mail, intended: (string | RegExp)[], what: string) {
  const { text, lines, hrefs, bare } = linksOf(mail);
  const same = (found: string[], part: string) => {
    expect(found, `${what}: ${part}`).toHaveLength(intended.length);
    found.forEach((url, i) => {
      const want = intended[i]!;
      if (typeof want === 'string') expect(url, `${what}: ${part}`).toBe(want);
      else expect(url, `${what}: ${part}`).toMatch(want);
    });
  };
  same(text, 'text');
  same(hrefs, 'html href');
  // each link stands alone on its line, so a translated label never runs into it
  expect(
    lines.map((l) => l.trim()),
    `${what}: lines`,
  ).toEqual(text);
  expect(bare, `${what}: bare URLs in the html`).toEqual([]);
  return text;
}

const LANGS = ['en', 'bn-IN'] as const;
const BENGALI = /[\u0980-\u09FF]/;

let admin: string;
beforeAll(async () => {
  admin = await loginAs(ADMIN);
});

async function member(lang: (typeof LANGS)[number]) {
  const u = await newUser();
  await call('setLanguage', { lang }, u.token);
  const id = (await db().select({ id: users.id }).from(users).where(eq(users.email, u.email)).get())!.id;
  return { ...u, id };
}

const latest = async (email: string, subject: RegExp) => {
  const found = (await outbox(email)).find((m) => subject.test(m.subject));
  expect(found, `an email ${subject} to ${email}`).toBeDefined();
  return found!;
};

describe.each(LANGS)('the links of every email, in %s', (lang) => {
  const inLang = (mail: Mail) => expect(BENGALI.test(mail.subject), mail.subject).toBe(lang === 'bn-IN');

  it('verification and password code', async () => {
    const email = `links.${crypto.randomUUID().slice(0, 8)}@example.net`;
    const r = await call(
      'signUp',
      { name: 'Link Reader', mobile: '9876543210', email, password: 'link-reader-1' },
      null,
      { headers: { 'X-Samiti-Lang': lang } },
    );
    expect(r.status).toBe(200);
    const verify = (await outbox(email))[0]!;
    inLang(verify);
    const [link] = expectLinks(verify, [/^http:\/\/localhost\/verifyEmail\?token=[A-Za-z0-9_%-]+$/], 'verify');
    // the link as found is the whole link: it verifies the address
    const token = decodeURIComponent(new URL(link!).searchParams.get('token')!);
    expect((await call('verifyEmail', { token })).status).toBe(200);

    await call('forgotPasswd', { email });
    const code = await latest(email, lang === 'en' ? /temporary code/ : /অস্থায়ী কোড/);
    expectLinks(code, [`${ORIGIN}/changePasswd?email=${encodeURIComponent(email)}`], 'password code');
  });

  it('a direct transfer: how to pay (with the UPI link), received, confirmed, rejected, and its reminder', async () => {
    const u = await member(lang);
    const { bank } = await getSettings(db(), ['bank']);
    await fillCart(u.token, [{ code: 'MABD', qty: 1 }]);
    const start = await call('startOrder', { offline: true }, u.token);
    const { orderRcptId: rcpt, orderPkId } = start.body.data;
    const order = await orderRow(orderPkId);
    const upi = upiLink({ vpa: bank.upiVpa, payee: bank.payee, amountPaise: order.totalPaise, note: rcpt });
    const howTo = await latest(u.email, new RegExp(rcpt));
    inLang(howTo);
    expectLinks(howTo, [upi, `${ORIGIN}/profile`], 'how to pay');

    // unpaid after TRANSFER_REMINDER_DAYS: the reminder, with the same UPI link
    await remindUnpaidTransfers(s(), Date.now() + 3 * 86_400_000);
    const reminder = (await outbox(u.email))[0]!;
    expect(reminder.subject).toContain(rcpt);
    expectLinks(reminder, [upi, `${ORIGIN}/profile#${rcpt}`], 'transfer reminder');

    await call(
      'handleOfflineOrder',
      { isOffline: true, offlineTxnId: newUtr(), offlineBankName: 'SBI', orderRcptId: rcpt },
      u.token,
    );
    expectLinks((await outbox(u.email))[0]!, [], 'received');
    await call('approveOfflineOrder', { offlineUserId: u.id, orderPkId }, admin);
    expectLinks((await outbox(u.email))[0]!, [`${ORIGIN}/receipt/${rcpt}`, `${ORIGIN}/profile`], 'confirmed');

    await fillCart(u.token, [{ code: 'MABD', qty: 1 }]);
    const second = await call('startOrder', { offline: true }, u.token);
    await call(
      'handleOfflineOrder',
      {
        isOffline: true,
        offlineTxnId: newUtr(),
        offlineBankName: 'SBI',
        orderRcptId: second.body.data.orderRcptId,
      },
      u.token,
    );
    await call(
      'rejectOfflineOrder',
      { offlineUserId: u.id, orderPkId: second.body.data.orderPkId, reason: 'No credit' },
      admin,
    );
    expectLinks((await outbox(u.email))[0]!, [], 'rejected');
  });

  it('refund started, done and failed, and a carry-over', async () => {
    const u = await member(lang);
    const paid = await paidOnline([{ code: 'MABD', qty: 2 }], u);
    await setMode('hold');
    const [line] = await linesOf(paid.orderPkId);
    await call(
      'refundOrder',
      { orderPkId: paid.orderPkId, lines: [{ lineId: line!.id, qty: 1 }], reason: 'One less', requestKey: key() },
      admin,
    );
    const profile = [`${ORIGIN}/profile`];
    const mails = () => outbox(u.email);
    expectLinks((await mails())[0]!, profile, 'refund started');
    await setMode('fail');
    await call(
      'refundOrder',
      { orderPkId: paid.orderPkId, lines: [{ lineId: line!.id, qty: 1 }], reason: 'Other', requestKey: key() },
      admin,
    );
    const failed = await until(mails, (m) => m.length > 0 && /Refund failed|দেওয়া যায়নি/.test(m[0]!.subject));
    expectLinks(failed[0]!, profile, 'refund failed');
    await setMode('process');
    const other = await paidOnline([{ code: 'MHHR', qty: 1 }], u);
    await call('refundOrder', { orderPkId: other.orderPkId, all: true, reason: 'x', requestKey: key() }, admin);
    const done = await until(mails, (m) => /Refund done|ফেরত হয়ে গেছে/.test(m[0]!.subject));
    expectLinks(done[0]!, profile, 'refund done');

    const carry = await paidOnline([{ code: 'MABD', qty: 1 }], u);
    await call('carryOverOrder', { orderPkId: carry.orderPkId, reason: 'Called off', requestKey: key() }, admin);
    expectLinks((await mails())[0]!, profile, 'carried over');
  });

  it('the renewal reminder: the renewal link and the unsubscribe link', async () => {
    const u = await member(lang);
    expect((await call('devLastYearMembership', { code: 'MABD', qty: 2 }, u.token)).status).toBe(200);
    const start = await call('startReminderCampaign', {}, admin);
    expect(start.status).toBe(200);
    await sendReminderBatch(s());
    await call('stopReminderCampaign', { campaignId: start.body.data.campaignId }, admin);
    const mail = (await outbox(u.email))[0]!;
    inLang(mail);
    const [, unsubscribe] = expectLinks(
      mail,
      [`${ORIGIN}/membership?renew=${u.id}`, /^http:\/\/localhost\/unsubscribe\?token=[A-Za-z0-9._%-]+$/],
      'renewal reminder',
    );
    // the unsubscribe link as found is the whole link: it unsubscribes
    const token = decodeURIComponent(new URL(unsubscribe!).searchParams.get('token')!);
    expect((await call('unsubscribe', { token })).status).toBe(200);
  });
});
