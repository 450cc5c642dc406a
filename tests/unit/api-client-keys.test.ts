// The web client shows a server's messages by key in the reader's language (docs/decisions/195): an input problem,
// an error, a success message; never by reading their English. Answers are stubbed: this is the client alone.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLocale, setLocale } from '../../core/i18n';
import { serverBn } from '../../core/messages/areas/server.bn';
import { renewalsBn } from '../../core/renewals/messages.bn';
import { ApiError, request } from '../../web/lib/api-client';

const answer = (status: number, body: object) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body, { status })),
  );

const failure = async (name: string) => {
  try {
    await request(name, {});
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('no failure');
};

afterEach(() => {
  vi.unstubAllGlobals();
  setLocale('en');
});

describe('the client renders answers by key', () => {
  it('a Bengali reader gets a Bengali input problem, even when the English desc was reworded', async () => {
    await loadLocale('bn-IN');
    answer(400, {
      error: 'BadRequest',
      desc: 'lang: please send it',
      key: 'input.required',
      params: { field: 'lang' },
    });
    const e = await failure('setLanguage');
    expect(e).toBeInstanceOf(ApiError);
    expect(e.message).toBe(serverBn['input.required'].replace('{field}', 'lang'));
  });

  it('a Bengali reader gets a Bengali success message from messageKey, the renewals area too', async () => {
    await loadLocale('bn-IN');
    answer(200, {
      data: { message: 'Your details are saved.', messageKey: 'privacy.profileSaved', messageParams: {} },
    });
    expect(await request('updateUserProfile', {})).toMatchObject({ message: serverBn['privacy.profileSaved'] });
    answer(200, { data: { message: 'Saved.', messageKey: 'prefs.saved', messageParams: {} } });
    expect(await request('setEmailPrefs', {})).toMatchObject({ message: renewalsBn['prefs.saved'] });
  });

  it('without a key the answer is shown as it was written: English is never looked up', async () => {
    await loadLocale('bn-IN');
    answer(400, { error: 'BadRequest', desc: 'Your details are saved.' }); // an English template's exact text
    expect((await failure('anything')).message).toBe('Your details are saved.');
    answer(200, { data: { message: 'Your details are saved.' } });
    expect(await request('anything', {})).toEqual({ message: 'Your details are saved.' });
  });

  it('an English reader gets the English text the server wrote', async () => {
    setLocale('en');
    answer(200, {
      data: { message: 'Your details are saved.', messageKey: 'privacy.profileSaved', messageParams: {} },
    });
    expect(await request('updateUserProfile', {})).toMatchObject({ message: 'Your details are saved.' });
  });

  it("a time in the answer (a param named …At, in ms) is written in the reader's language (decision 271)", async () => {
    const sendAt = Date.UTC(2026, 11, 24, 13, 0);
    const english = 'The announcement will go out at 24 Dec 2026, 06:30 pm.';
    await loadLocale('bn-IN');
    answer(200, { data: { message: english, messageKey: 'announce.scheduled', messageParams: { sendAt } } });
    const { message } = (await request('createAnnouncement', {})) as { message: string };
    expect(message).toMatch(/^ঘোষণাটি 24 ডিসেম্বর, 2026\D.*6:30.*-এ যাবে।$/);
    expect(message).not.toContain('Dec');
    answer(409, {
      error: 'AlreadyCollected',
      desc: 'x',
      key: 'venue.alreadyCollected',
      params: { collectedAt: sendAt, volunteer: 'Ray' },
    });
    expect((await failure('collectPass')).message).toContain('24 ডিসেম্বর');
  });
});
