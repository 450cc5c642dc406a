// Calls the Worker the way a client does: POST /api/<path>, JSON body, X-Session-Token.
import { env, exports } from 'cloudflare:workers';
import type { ErrorCode } from '../../core/contracts/errors';
import type { Bindings } from '../../worker/env';
import { getDb } from '../../worker/lib/db';

export const ADMIN = { email: 'admin@example.org', password: 'admin-demo-123' };
export const MEMBER = { email: 'member@example.org', password: 'member-demo-123' };
export const VOLUNTEER = { email: 'volunteer@example.org', password: 'volunteer-demo-123' };

export const bindings = env as unknown as Bindings;
export const db = () => getDb(bindings);

export type ApiResult<T = any> = {
  status: number;
  body: { data?: T; error?: ErrorCode; desc?: string } & Record<string, unknown>;
};

export async function call<T = any>(
  path: string,
  body: unknown = {},
  token?: string | null,
  init: { raw?: string; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const res = await exports.default.fetch(`http://localhost/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'X-Session-Token': token } : {}), ...init.headers },
    body: init.raw ?? JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: ApiResult<T>['body'];
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`not JSON (${res.status}): ${text.slice(0, 200)}`);
  }
  return { status: res.status, body: parsed };
}

export async function loginAs(who: { email: string; password: string }): Promise<string> {
  const r = await call('login', { email: who.email, password: who.password });
  if (r.status !== 200) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
  return r.body.data.session as string;
}

let counter = 0;
/** A fresh account for a test: signs up and logs in, returning its token and fields. */
export async function newUser(over: Partial<{ name: string; email: string; mobile: string; password: string }> = {}) {
  counter++;
  const u = {
    name: `Test Person ${counter}`,
    email: `person${counter}.${crypto.randomUUID().slice(0, 8)}@example.net`,
    mobile: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    password: 'correct-horse-1',
    ...over,
  };
  const r = await call('signUpAndLogin', u);
  if (r.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(r.body)}`);
  return { ...u, token: r.body.data.session as string };
}

export async function outbox(to: string) {
  const r = await exports.default.fetch(`http://localhost/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await r.json()) as { data: { to: string; subject: string; text: string; html: string; sentAt: number }[] })
    .data;
}

/** Pays a Razorpay order on the built-in test gateway, as the checkout page does (webhooks off by default). */
export async function gatewayPay(orderId: string, outcome: 'success' | 'failure' | 'authorized', webhooks = false) {
  const res = await exports.default.fetch('http://localhost/dev/razorpay/pay', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: 'rzp_test_local', order_id: orderId, outcome, webhooks }),
  });
  return (await res.json()) as {
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
    error?: { metadata: { payment_id: string } };
  };
}
