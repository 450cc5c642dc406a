// An error answer's key is rendered from the reader's catalogue (docs/decisions/174), not recovered from English.
import { afterEach, describe, expect, it } from 'vitest';
import { loadLocale, setLocale, tAnswered, tIn } from './i18n';
import { serverBn } from './messages/areas/server.bn';

afterEach(() => setLocale('en'));

describe('tAnswered', () => {
  it('renders a server key in Bengali with its params, whatever the English desc said', async () => {
    await loadLocale('bn-IN');
    setLocale('bn-IN');
    const bn = tAnswered('auth.invalidCredentials', {});
    expect(bn).toBe(serverBn['auth.invalidCredentials']);
    expect(bn).not.toBe(tIn('en', 'auth.invalidCredentials'));
  });

  it('is undefined for a key the catalogue does not have, so the caller shows the desc', async () => {
    await loadLocale('bn-IN');
    setLocale('bn-IN');
    expect(tAnswered('no.such.key', {})).toBeUndefined();
    setLocale('en');
    expect(tAnswered('no.such.key', {})).toBeUndefined();
  });
});

describe('a success answer by key', () => {
  it("renders a renewals key (the area's own catalogue) in Bengali; English is the answer's own text", async () => {
    const { renewalsBn } = await import('./renewals/messages.bn');
    await loadLocale('bn-IN');
    setLocale('bn-IN');
    expect(tAnswered('renewal.testSent', { email: 'a@b.in' })).toBe(
      renewalsBn['renewal.testSent'].replace('{email}', 'a@b.in'),
    );
    setLocale('en');
    expect(tAnswered('renewal.testSent', { email: 'a@b.in' })).toBeUndefined(); // shown from `message`
  });
});
