// Bengali and English: the account's language, /setLanguage, and every email in the language on
// the member's account at sending time; Bengali names and emoji kept intact.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, products, users } from '../../schema/index';
import { newUtr } from '../fixtures/bank-statements';
import { formatDate } from '../../core/festival';
import { mailBn } from '../../core/messages/mail.bn';
import { mailEn } from '../../core/messages/mail.en';
import { bengaliReady, compose, type Letter, letterIn } from '../../worker/lib/mail';
import { ADMIN, call, db, loginAs, newUser, outbox } from './helpers';

const BENGALI = /[\u0980-\u09FF]/;
const langOf = async (email: string) =>
  (await db().select({ lang: users.lang }).from(users).where(eq(users.email, email)).get())?.lang;

/** Sentences of 4+ English words left in a Bengali email (names, codes, links and amounts are allowed). */
function englishLeft(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.replace(/https?:\/\/\S+/g, '').trim())
    .filter((l) => !BENGALI.test(l) && /([A-Za-z]{2,}\s+){3,}[A-Za-z]{2,}/.test(l));
}

describe('the account language', () => {
  it('signs up in Bengali from the app: the account keeps bn-IN and the verification email is Bengali', async () => {
    const email = `bn.${crypto.randomUUID().slice(0, 8)}@example.net`;
    const name = 'অনন্যা সেনগুপ্ত 🌺';
    const r = await call('signUp', { name, mobile: '9876543210', email, password: 'shubho-bijoya' }, null, {
      headers: { 'X-Samiti-Lang': 'bn-IN' },
    });
    expect(r.status).toBe(200);
    expect(await langOf(email)).toBe('bn-IN');
    const [mail] = await outbox(email);
    expect(mail!.subject).toBe('আপনার ইমেল ঠিকানা যাচাই করুন');
    expect(mail!.text).toContain(`নমস্কার ${name},`);
    expect(mail!.text).toMatch(/আমার ইমেল যাচাই করুন\nhttp:\/\/localhost\/verifyEmail\?token=/);
    expect(englishLeft(mail!.text)).toEqual([]);
    expect(mail!.html).toContain('<html lang="bn-IN">');
    expect(mail!.html).toContain('নমস্কার অনন্যা সেনগুপ্ত 🌺,');
    expect(mail!.html).toContain('>আমার ইমেল যাচাই করুন</a>');
    // the login answer carries the account's language
    const login = await call('login', { email, password: 'shubho-bijoya' });
    expect(login.body.data).toMatchObject({ name, lang: 'bn-IN' });
  });

  it('leaves English emails exactly as they were for an account without a language', async () => {
    const u = await newUser();
    expect(await langOf(u.email)).toBeNull();
    const [mail] = await outbox(u.email);
    expect(mail!.subject).toBe('Please verify your email address');
    expect(mail!.text).toContain(`Namaskar ${u.name},`);
    expect(mail!.html).toContain('<html lang="en">');
  });

  it('/setLanguage keeps the choice on the account; an unknown code means English', async () => {
    const u = await newUser();
    const r = await call('setLanguage', { lang: 'bn-IN' }, u.token);
    expect(r).toEqual({ status: 200, body: { data: { lang: 'bn-IN' } } });
    expect(await langOf(u.email)).toBe('bn-IN');
    expect((await call('setLanguage', { lang: 'bn' }, u.token)).body.data.lang).toBe('bn-IN');
    expect((await call('setLanguage', { lang: 'fr-FR' }, u.token)).body.data.lang).toBe('en');
    expect(await langOf(u.email)).toBe('en');
  });

  it('/setLanguage refuses bad input with a desc naming the field, and callers without a session', async () => {
    const u = await newUser();
    const missing = await call('setLanguage', {}, u.token);
    expect(missing.status).toBe(400);
    expect(missing.body.desc).toMatch(/lang is required/);
    const wrong = await call('setLanguage', { lang: 42 }, u.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.desc).toMatch(/lang must be text/);
    const anon = await call('setLanguage', { lang: 'bn-IN' });
    expect(anon.status).toBe(401);
    expect(anon.body.error).toBe('InsufficientAccess');
    expect(await langOf(u.email)).toBeNull();
  });
});

describe('emails in the language on the account at sending time', () => {
  it('sends the password code, the transfer details, received, confirmed and rejected emails in Bengali', async () => {
    const u = await newUser({ name: 'সৌমিত্র বসু' });
    await call('setLanguage', { lang: 'bn-IN' }, u.token);
    const userId = (await db().select({ id: users.id }).from(users).where(eq(users.email, u.email)).get())!.id;

    await call('forgotPasswd', { email: u.email });
    const code = (await outbox(u.email))[0]!;
    expect(code.subject).toBe('পাসওয়ার্ড নতুন করে সেট করার অস্থায়ী কোড');
    expect(code.text).toMatch(/আপনার অস্থায়ী কোড: \S{6,}/);
    expect(englishLeft(code.text)).toEqual([]);

    const mabd = (await db().select().from(products).where(eq(products.code, 'MABD')).get())!;
    const add = await call('addToCart', { productQtys: { [mabd.id]: { qty: 1, code: 'MABD' } } }, u.token);
    expect(add.status).toBe(200);
    const start = await call('startOrder', { offline: true }, u.token);
    const rcpt = start.body.data.orderRcptId as string;
    const howTo = (await outbox(u.email))[0]!;
    expect(howTo.subject).toBe(`আপনার অনুদান ${rcpt}-এর টাকা কীভাবে দেবেন`);
    expect(howTo.text).toContain('₹1,500.00');
    expect(englishLeft(howTo.text)).toEqual([]);

    await call(
      'handleOfflineOrder',
      { isOffline: true, offlineTxnId: newUtr(), offlineBankName: 'SBI', orderRcptId: rcpt },
      u.token,
    );
    const received = (await outbox(u.email))[0]!;
    expect(received.subject).toBe(`আপনার অনুদানের তথ্য আমরা পেয়েছি: ${rcpt}`);
    expect(englishLeft(received.text)).toEqual([]);

    // the member switches to English before the admin approves: the confirmation follows the account now
    await call('setLanguage', { lang: 'en' }, u.token);
    const admin = await loginAs(ADMIN);
    const approve = await call(
      'approveOfflineOrder',
      { offlineUserId: userId, orderPkId: start.body.data.orderPkId },
      admin,
    );
    expect(approve.status).toBe(200);
    const confirmed = (await outbox(u.email))[0]!;
    expect(confirmed.subject).toBe(`Contribution confirmed: ${rcpt}`);

    // and back to Bengali for a rejected transfer
    await call('setLanguage', { lang: 'bn-IN' }, u.token);
    await call('addToCart', { productQtys: { [mabd.id]: { qty: 1, code: 'MABD' } } }, u.token);
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
    const reject = await call(
      'rejectOfflineOrder',
      { offlineUserId: userId, orderPkId: second.body.data.orderPkId, reason: 'No credit with this UTR' },
      admin,
    );
    expect(reject.status).toBe(200);
    const rejected = (await outbox(u.email))[0]!;
    expect(rejected.subject).toBe(`অনুদান যাচাই করা যায়নি: ${second.body.data.orderRcptId}`);
    expect(rejected.text).toContain('কারণ: No credit with this UTR');
    expect(englishLeft(rejected.text.replace('No credit with this UTR', ''))).toEqual([]);
  });
});

describe('product names in Bengali (Add Product, All Products)', () => {
  it('adds a product with a Bengali name, edits it with an audit row, and shows it to members', async () => {
    const admin = await loginAs(ADMIN);
    const code = `B${crypto.randomUUID().slice(0, 3).toUpperCase()}`;
    const add = await call(
      'addProduct',
      {
        code,
        name: 'Flower decoration',
        price: 5000,
        sponsorship: true,
        desc: 'Marigolds for the pandal',
        nameBn: 'ফুলের সাজ',
        descBn: 'প্যান্ডেলের জন্য গাঁদাফুল 🌼',
      },
      admin,
    );
    expect(add.status).toBe(200);
    const id = add.body.data.id as number;
    const listed = (await call('getUnGropedProducts', {}, admin)).body.data.find((p: { id: number }) => p.id === id);
    expect(listed).toMatchObject({ name: 'Flower decoration', nameBn: 'ফুলের সাজ', descBn: 'প্যান্ডেলের জন্য গাঁদাফুল 🌼' });

    const set = await call('setProductBengali', { id, nameBn: 'ফুল দিয়ে সাজানো', descBn: '' }, admin);
    expect(set.status).toBe(200);
    expect(set.body.data.message).toBe('Bengali name and description saved!');
    const row = (await db().select().from(products).where(eq(products.id, id)).get())!;
    expect(row).toMatchObject({ nameBn: 'ফুল দিয়ে সাজানো', descriptionBn: '', name: 'Flower decoration' });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'product'),
          eq(auditLog.entityId, String(id)),
          eq(auditLog.action, 'product.bengali_changed'),
        ),
      )
      .all();
    expect(audits).toHaveLength(1);

    const u = await newUser();
    const shop = await call('getProducts', {}, u.token);
    const item = JSON.stringify(shop.body.data);
    expect(item).toContain('"nameBn":"ফুল দিয়ে সাজানো"');
  });

  it('refuses bad input naming the field, and anyone but an admin', async () => {
    const admin = await loginAs(ADMIN);
    const mabd = (await db().select().from(products).where(eq(products.code, 'MABD')).get())!;
    const long = await call('setProductBengali', { id: mabd.id, nameBn: 'ক'.repeat(101) }, admin);
    expect(long.status).toBe(400);
    expect(long.body.desc).toMatch(/nameBn must be at most 100/);
    const missing = await call('setProductBengali', { nameBn: 'আশীর্বাদ' }, admin);
    expect(missing.status).toBe(400);
    expect(missing.body.desc).toMatch(/id/);
    const u = await newUser();
    const member = await call('setProductBengali', { id: mabd.id, nameBn: 'আশীর্বাদ' }, u.token);
    expect(member.status).toBe(403);
    expect(member.body.error).toBe('InsufficientAccess');
    expect((await db().select().from(products).where(eq(products.id, mabd.id)).get())!.nameBn).toBe(mabd.nameBn);
  });
});

describe('emails by key (docs/decisions/195)', () => {
  it('writes a Bengali email from the catalogue by key: dates with Bengali months, names and links as they are', async () => {
    expect(await bengaliReady()).toBe(true); // the Bengali catalogues, from the static assets
    const letter: Letter = {
      to: 'a@b.in',
      write: (w, lang) =>
        compose(w('refund.doneSubject', { rcpt: 'SMT000007' }), [
          w('mail.greeting', { name: 'অনন্যা 🌺' }),
          w('reminder.expire', { date: formatDate(Date.UTC(2026, 8, 9, 6), lang) }),
        ]),
    };
    const bn = letterIn(letter, 'bn-IN');
    expect(bn.subject).toBe('টাকা ফেরত হয়ে গেছে: SMT000007');
    expect(bn.text).toContain('নমস্কার অনন্যা 🌺,');
    expect(bn.text).toContain('09 সেপ্টেম্বর, 2026-এর মধ্যে টাকা না এলে');
    expect(bn.html).toContain('09 সেপ্টেম্বর, 2026-এর মধ্যে');
    const en = letterIn(letter, 'en');
    expect(en.subject).toBe('Refund done: SMT000007');
    expect(en.text).toContain('If it is not paid by 09 Sept 2026, the contribution is cancelled');
  });

  it('a reworded English sentence still reaches a Bengali reader in Bengali: nothing is matched as English', async () => {
    expect(await bengaliReady()).toBe(true);
    const english = mailEn as Record<string, string>;
    const before = english['verify.body']!;
    english['verify.body'] = 'Open the link below to confirm this address (valid for a week).';
    try {
      const letter: Letter = { to: 'a@b.in', write: (w) => compose(w('verify.subject'), [w('verify.body')]) };
      expect(letterIn(letter, 'bn-IN').text).toBe(mailBn['verify.body']);
      expect(letterIn(letter, 'en').text).toBe('Open the link below to confirm this address (valid for a week).');
    } finally {
      english['verify.body'] = before;
    }
  });
});
