// RFC 8058's one-click POST (worker/routes/renewals.ts): the route hands the query's token to the service, whose
// token check refuses a missing, malformed or oversized one with the link page's InvalidLink answer.
import { describe, expect, it } from 'vitest';
import { tr } from '../../core/renewals/messages.en';

async function oneClick(query: string) {
  const { exports } = await import('cloudflare:workers');
  return exports.default.fetch(`http://localhost/api/unsubscribe/oneClick${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
}

describe('/unsubscribe/oneClick', () => {
  it.each([
    ['no token', ''],
    ['an empty token', '?token='],
    ['a token over 200 characters', `?token=${'1'.repeat(201)}`],
    ['a token of the wrong shape', '?token=x.y.z'],
  ])('answers 400 InvalidLink to %s', async (_, query) => {
    const res = await oneClick(query);
    expect(res.status).toBe(400);
    // the renewals area's message by key too (docs/decisions/195)
    expect(await res.json()).toEqual({
      error: 'InvalidLink',
      desc: tr('unsubscribe.invalid'),
      key: 'unsubscribe.invalid',
      params: {},
    });
  });
});
