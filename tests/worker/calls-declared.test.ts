// Every API call is declared once, with call() in its area's route file (worker/lib/call.ts, docs/decisions/186):
// the declaration is the first step of its route, so no call is reachable without its role check, session and body.
import { Hono } from 'hono/tiny';
import { describe, expect, it } from 'vitest';
import { emptyBody } from '../../core/contracts/common';
import type { AppEnv } from '../../worker/env';
import { call } from '../../worker/lib/call';
import { declaredCalls } from './declared-calls';

describe('calls are declared once, where they are routed', () => {
  it('every /api route starts with its call() declaration, and none is declared twice', async () => {
    const { app } = await import('../../worker/app');
    const { calls, problems } = declaredCalls(app.routes);
    expect(problems).toEqual([]);
    expect(calls.size).toBeGreaterThan(100); // the walk found the areas' routes
    expect(calls.get('POST /api/getVenuePasses')).toMatchObject({ role: 'staff', session: 'beside' });
    expect(calls.get('POST /api/getProducts')).toMatchObject({ role: 'user', session: 'batch', replica: true });
    expect(calls.get('POST /api/login')).toMatchObject({ role: 'public', limit: 'auth' });
    expect(calls.get('POST /api/webhooks/razorpay')).toMatchObject({ role: 'public', body: 'raw' });
  });

  it('catches a route without a declaration, one behind another middleware, and one declared twice', () => {
    const pass = (_c: unknown, next: () => Promise<void>) => next();
    const bad = new Hono<AppEnv>()
      .post('/api/bare', (c) => c.json({}))
      .post('/api/late', pass, ...call({ role: 'user', body: emptyBody }), (c) => c.json({}))
      .post('/api/ok', ...call({ role: 'admin', body: emptyBody }), (c) => c.json({}))
      .post('/api/ok', ...call({ role: 'public', body: emptyBody }), (c) => c.json({}));
    expect(declaredCalls(bad.routes).problems).toEqual([
      'POST /api/bare: not made with call() as its first step',
      'POST /api/late: not made with call() as its first step',
      'POST /api/ok: declared 2 times',
    ]);
  });
});
