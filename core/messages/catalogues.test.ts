// The catalogue-completeness check: every key in every language, with the same placeholders.
import { describe, expect, it } from 'vitest';
import { format, getLocale, loadLocale, parseLocale, registerCatalogue, setLocale, t, tIn } from '../i18n';
import '../i18n-all';
import { renewalsBn } from '../renewals/messages.bn';
import { renewalsEn, tr } from '../renewals/messages.en';
import { adminBn } from './admin.bn';
import { adminEn } from './admin.en';
import { auditBn } from './audit.bn';
import { auditEn } from './audit.en';
import { AREAS, allBn, allEn } from './areas/all';
import { bn } from './bn';
import { channelsBn } from './channels.bn';
import { channelsEn } from './channels.en';
import { gateBn } from './gate.bn';
import { gateEn } from './gate.en';
import { mailBn } from './mail.bn';
import { mailEn } from './mail.en';
import { memberBn } from './member.bn';
import { memberEn } from './member.en';
import { notifyBn } from './notify.bn';
import { notifyEn } from './notify.en';

registerCatalogue('bn-IN', allBn); // as the browser's loadLocale does; the Worker's i18n-all does not

const pairs: [string, Record<string, string>, Record<string, string>][] = [
  ...Object.entries(AREAS).map(
    ([area, [english, bengali]]): [string, Record<string, string>, Record<string, string>] => [
      `core/messages ${area}`,
      english,
      bengali,
    ],
  ),
  ['core/renewals', renewalsEn, renewalsBn],
  ['core/messages/mail', mailEn, mailBn],
  ['core/messages/member', memberEn, memberBn],
  ['core/messages/admin', { ...adminEn, ...auditEn }, adminBn],
  ['core/messages/audit', auditEn, auditBn],
  ['core/messages/channels', channelsEn, channelsBn],
  ['core/messages/gate', gateEn, gateBn],
  ['core/messages/notify', notifyEn, notifyBn],
];

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe.each(pairs)('%s: English and Bengali', (_name, english, bengali) => {
  it('has every English key in Bengali', () => {
    expect(Object.keys(english).filter((k) => !(k in bengali))).toEqual([]);
  });
  it('has no Bengali key that English lacks', () => {
    expect(Object.keys(bengali).filter((k) => !(k in english))).toEqual([]);
  });
  it('fills the same placeholders in both', () => {
    const differ = Object.keys(english).filter(
      (k) => bengali[k] !== undefined && placeholders(english[k]!).join() !== placeholders(bengali[k]!).join(),
    );
    expect(differ).toEqual([]);
  });
  it('writes Bengali in Bengali, with Western digits (docs/decisions/120)', () => {
    // a message of only placeholders, codes and symbols may stay as it is ('{name} x {qty}', '{date}: ...')
    const untranslated = Object.keys(english).filter(
      (k) => !/[\u0980-\u09FF]/.test(bengali[k] ?? '') && /[A-Za-z]{3,}/.test(english[k]!.replace(/\{\w+\}/g, '')),
    );
    expect(untranslated).toEqual([]);
    expect(Object.values(bengali).filter((v) => /[\u09E6-\u09EF]/.test(v))).toEqual([]);
  });
});

describe('the areas of t() (docs/decisions/115)', () => {
  it('have no key in two areas, nor a key of a catalogue of its own', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [area, [english]] of Object.entries(AREAS)) {
      for (const k of Object.keys(english)) {
        if (seen.has(k)) twice.push(`${k} in ${seen.get(k)} and ${area}`);
        seen.set(k, area);
      }
    }
    expect(twice).toEqual([]);
    expect(Object.keys(allEn)).toHaveLength(seen.size);
  });
});

describe('language choice', () => {
  it('falls back to English for an unknown or missing code', () => {
    expect(parseLocale('bn')).toBe('bn-IN');
    expect(parseLocale('bn-BD')).toBe('bn-IN');
    expect(parseLocale('BN_in')).toBe('bn-IN');
    expect(parseLocale('en-GB')).toBe('en');
    expect(parseLocale('xx')).toBe('en');
    expect(parseLocale('bnx')).toBe('en');
    expect(parseLocale(undefined)).toBe('en');
    expect(parseLocale(42)).toBe('en');
  });

  it('answers in the chosen language and keeps English exactly as it is', async () => {
    expect(getLocale()).toBe('en');
    expect(t('login.mandatory')).toBe('Email & Password, both are Mandatory!');
    await loadLocale('bn-IN');
    expect(t('login.mandatory')).toBe(bn['login.mandatory']);
    expect(tr('renewal.renew')).toBe(renewalsBn['renewal.renew']);
    expect(tr('renewal.renew', {}, 'en')).toBe(renewalsEn['renewal.renew']);
    expect(tIn('en', 'venue.collected', { rcpt: 'SMT000001', qty: 3 })).toBe('Pass collected for SMT000001: 3 in all.');
    setLocale('en');
    expect(t('venue.collected', { rcpt: 'SMT000001', qty: 3 })).toBe('Pass collected for SMT000001: 3 in all.');
    expect(tIn('bn-IN', 'venue.collected', { rcpt: 'SMT000001', qty: 3 })).toBe(
      format(allBn['venue.collected']!, { rcpt: 'SMT000001', qty: 3 }),
    );
  });
});
