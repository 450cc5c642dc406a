import { desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../../schema/index';
import { getConfig } from '../../worker/lib/config';
import { compose, sendMail } from '../../worker/lib/mail';
import { allowConsoleError } from '../fixtures/fail-on-console-error';
import { bindings, db } from './helpers';

const httpConfig = () =>
  getConfig({
    ...bindings,
    MAIL_PROVIDER: 'http',
    MAIL_API_URL: 'https://mail-provider.test/emails',
    MAIL_API_KEY: 'test-key-123',
    MAIL_FROM: 'Samiti <no-reply@samiti.test>',
  });

/** An email of fixed text (no catalogue key), to an address without an account: English. */
const letter = (to: string, ...body: Parameters<typeof compose>) => ({ to, write: () => compose(...body) });

const lastRow = () => db().select().from(emailOutbox).orderBy(desc(emailOutbox.id)).get();

afterEach(() => vi.unstubAllGlobals());

describe('mail over HTTP (the real provider path, against a local stub)', () => {
  it('posts the Resend-compatible request and marks the outbox row sent', async () => {
    const seen: Request[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo, init?: RequestInit) => {
        seen.push(new Request(input, init));
        return Response.json({ id: 'prov-1' });
      }),
    );
    await sendMail(
      db(),
      httpConfig(),
      letter('someone@example.net', 'Hello', ['Line <one>'], { href: 'https://x.test/a?b=1&c=2', label: 'Open' }),
    );
    expect(seen).toHaveLength(1);
    const req = seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://mail-provider.test/emails');
    expect(req.headers.get('authorization')).toBe('Bearer test-key-123');
    expect(req.headers.get('content-type')).toBe('application/json');
    const body = await req.json();
    expect(body).toEqual({
      from: 'Samiti <no-reply@samiti.test>',
      to: ['someone@example.net'],
      subject: 'Hello',
      text: 'Line <one>\n\nOpen\nhttps://x.test/a?b=1&c=2', // the link alone on its line
      html: expect.stringContaining('<p>Line &#60;one&#62;</p>'),
    });
    // the phone-friendly layout (tests/worker/mail-layout.test.ts) escapes the link too
    expect(body.html).toContain('href="https://x.test/a?b=1&#38;c=2"');
    expect(await lastRow()).toMatchObject({ status: 'sent', providerId: 'prov-1', toAddr: 'someone@example.net' });
  });

  it('keeps the message and records the failure when the provider refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'domain not verified' }, { status: 422 })),
    );
    allowConsoleError(/"event":"mail.failed"/);
    await sendMail(db(), httpConfig(), letter('other@example.net', 'Receipt', ['Total ₹1,500.00']));
    const row = await lastRow();
    expect(row).toMatchObject({ status: 'failed', subject: 'Receipt' });
    expect(row!.error).toMatch(/422: domain not verified/);
  });

  it('in outbox mode writes the row and calls no provider', async () => {
    const spy = vi.fn();
    vi.stubGlobal('fetch', spy);
    await sendMail(db(), getConfig(bindings), letter('local@example.net', 'Local', ['hi']));
    expect(spy).not.toHaveBeenCalled();
    const row = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddr, 'local@example.net')).get();
    expect(row?.status).toBe('outbox');
  });
});

describe('configuration', () => {
  it('refuses local secrets and the test gateway in production', () => {
    expect(() => getConfig({ DB: bindings.DB, APP_ENV: 'production' })).toThrow(
      /PASSWORD_PEPPER: must be set to a real secret in production.*RAZORPAY_BASE_URL: the test gateway is local only/s,
    );
  });

  it('accepts a complete production configuration', () => {
    const c = getConfig({
      DB: bindings.DB,
      APP_ENV: 'production',
      PASSWORD_PEPPER: 'a-long-random-pepper',
      RAZORPAY_KEY_ID: 'rzp_live_abc',
      RAZORPAY_KEY_SECRET: 'live-secret',
      RAZORPAY_WEBHOOK_SECRET: 'live-webhook',
      RAZORPAY_BASE_URL: 'https://api.razorpay.com',
      MAIL_PROVIDER: 'http',
      MAIL_API_URL: 'https://api.resend.com/emails',
      MAIL_API_KEY: 're_123',
    });
    expect(c.isLocal).toBe(false);
    expect(c.SESSION_TTL_DAYS).toBe(30);
  });

  it('dev tools answer 404 outside local mode', async () => {
    const { app } = await import('../../worker/app');
    const res = await app.request(
      '/api/dev/outbox',
      {},
      {
        DB: bindings.DB,
        APP_ENV: 'production',
        PASSWORD_PEPPER: 'a-long-random-pepper',
        RAZORPAY_KEY_ID: 'rzp_live_abc',
        RAZORPAY_KEY_SECRET: 'live-secret',
        RAZORPAY_WEBHOOK_SECRET: 'live-webhook',
        RAZORPAY_BASE_URL: 'https://api.razorpay.com',
      },
    );
    expect(res.status).toBe(404);
  });
});
