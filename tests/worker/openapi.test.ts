// docs/api/openapi.json is the declarations' OpenAPI document (tests/worker/openapi.ts, docs/decisions/269): a call
// added, moved or redeclared without the file rewritten fails here. UPDATE_OPENAPI=1 rewrites it (through a binding
// that vitest.worker.config.ts gives the tests only then: the Worker's runtime has no file system).
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import committed from '../../docs/api/openapi.json';
import { openApiDocument } from './openapi';

const writer = env.OPENAPI_WRITER as { fetch(url: string, init: RequestInit): Promise<Response> } | undefined;

describe('the OpenAPI document', () => {
  it('docs/api/openapi.json is made from the declarations', async () => {
    const { app, webCalls } = await import('../../worker/app');
    const webPaths = new Set(webCalls.routes.map((r) => `/api${r.path}`));
    const doc = openApiDocument(app.routes, webPaths);
    if (writer) {
      const res = await writer.fetch('http://openapi/', { method: 'PUT', body: `${JSON.stringify(doc, null, 2)}\n` });
      expect(res.status).toBe(204);
      return;
    }
    expect(
      doc,
      'docs/api/openapi.json is stale: UPDATE_OPENAPI=1 npx vitest run --config vitest.worker.config.ts tests/worker/openapi.test.ts',
    ).toEqual(committed);
  });

  it('says what a declaration says', async () => {
    const { app, webCalls } = await import('../../worker/app');
    const doc = openApiDocument(app.routes, new Set(webCalls.routes.map((r) => `/api${r.path}`))) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const login = doc.paths['/api/login']?.post;
    expect(login).toMatchObject({
      operationId: 'login',
      tags: ['web'],
      security: [],
      'x-samiti-call': { limit: 'auth' },
    });
    expect(login?.requestBody).toMatchObject({
      content: {
        'application/json': { schema: { type: 'object', required: expect.arrayContaining(['email', 'password']) } },
      },
    });
    expect(doc.paths['/api/getVenuePasses']?.post).toMatchObject({
      security: [{ sessionToken: ['staff'] }],
      'x-samiti-call': { role: 'staff', session: 'beside' },
    });
    expect(doc.paths['/api/webhooks/razorpay']?.post).toMatchObject({ tags: ['outside'], security: [] });
    expect(doc.paths['/api/unsubscribe/oneClick']?.get).toMatchObject({ operationId: 'get_unsubscribe/oneClick' });
  });

  it('local mode serves it to a developer', async () => {
    const res = await exports.default.fetch('http://localhost/api/dev/openapi.json');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(committed);
  });
});
