// What `wrangler deploy --env production` uploads (docs/decisions/075 and 110): built here exactly as the bench
// builds it (scripts/bench-worker.mjs, a dry run), then checked for local mode's tools, which must not ship.
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkerBundle } from '../../scripts/bench-worker.mjs';

let bundle: ReturnType<typeof buildWorkerBundle>;
let code: string;

beforeAll(() => {
  bundle = buildWorkerBundle();
  code = readFileSync(bundle.file, 'utf8');
}, 60_000);
afterAll(() => rmSync(bundle.dir, { recursive: true, force: true }));

describe('the production Worker bundle', () => {
  it('is built from the app (the source map names its files)', () => {
    expect(bundle.sources).toContain('worker/app.ts');
    expect(bundle.sources).toContain('worker/services/checkout/payments.ts');
  });

  it('leaves out the test gateway, the outbox and the demo seeding', () => {
    const local = bundle.sources.filter((s) => s.startsWith('worker/dev/') || s === 'worker/services/seed.ts');
    expect(local).toEqual([]);
    // sentences of the gateway's checkout page and of the demo accounts, in case a file moves
    expect(code).not.toContain('Built-in test gateway');
    expect(code).not.toContain('demo-123');
    // the OpenAPI document local mode serves (docs/api/openapi.json)
    expect(code).not.toContain('Generated from the calls’ declarations');
  });

  it('leaves out the Bengali catalogues, which it reads from the static assets, and the qrcode package', () => {
    const left = bundle.sources.filter((s) => /\.bn\.ts$|i18n-worker-bn|node_modules\/qrcode\//.test(s));
    expect(left).toEqual([]);
    expect(bundle.sources).toContain('core/qr-encode.ts');
    // the emails' English: the services write every email by key from it (docs/decisions/195)
    expect(bundle.sources).toContain('core/messages/mail.en.ts');
  });

  it("leaves out the code it never runs, by wrangler.toml's [alias] (docs/decisions/234)", () => {
    const gone = bundle.sources.filter((s) =>
      /zod\/v4\/core\/(json-schema-processors|to-json-schema|json-schema-generator)\.js$|drizzle-orm\/pg-core\/|hono\/dist\/router\/(reg-exp-router|trie-router|smart-router)\/|hono\/dist\/middleware\/secure-headers\//.test(
        s,
      ),
    );
    expect(gone).toEqual([]);
    // what stands in for them, and the router in their place
    expect(bundle.sources).toEqual(
      expect.arrayContaining([
        'worker/stubs/zod-json-schema.ts',
        'worker/stubs/drizzle.ts',
        'node_modules/hono/dist/preset/tiny.js',
      ]),
    );
  });

  it("leaves out the channels' stand-ins and their texts (WhatsApp's and the push service's)", () => {
    expect(bundle.sources.filter((s) => /worker\/dev\/(whatsapp|push)\.ts$|notify\.bn\.ts$/.test(s))).toEqual([]);
    expect(code).not.toContain('Template messages the app sent in local mode');
    expect(bundle.sources).toContain('worker/lib/webpush.ts');
  });
});
