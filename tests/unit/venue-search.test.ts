import { describe, expect, it } from 'vitest';
import { maskMobile } from '../../core/mobile';
import { parseVenueQuery } from '../../core/venue-search';
import { PassIndex } from '../../web/features/venue/pass-index';
import type { LocalPass } from '../../web/features/venue/store';

const pass = (id: number, over: Partial<LocalPass> = {}): LocalPass => ({
  id,
  orderRcptId: `SMT${String(id).padStart(6, '0')}`,
  passCode: `CODE${id}ABCD`,
  status: 'Success',
  name: `Guest ${id}`,
  mobile: `98765${String(id).padStart(5, '0')}`,
  email: `guest${id}@example.net`,
  lines: [{ code: 'DPKP', name: 'Kali Puja Pass', qty: 2 }],
  qty: 2,
  passCollected: 0,
  collectedAt: null,
  collectedBy: null,
  ...over,
});

function copyOf(passes: LocalPass[]) {
  const index = new PassIndex();
  for (const p of passes) index.set(p);
  return index;
}
const ids = (index: PassIndex, q: string) => index.search(q).passes.map((p) => p.id);

describe('the venue phone searches its own copy', () => {
  const copy = copyOf([1, 2, 42].map((id) => pass(id)));

  it('by mobile (as typed, with +91 or spaces), email, contribution id or pass code', () => {
    expect(ids(copy, '+91 98765 00042')).toEqual([42]);
    expect(ids(copy, 'GUEST2@example.net')).toEqual([2]);
    expect(ids(copy, 'smt000001')).toEqual([1]);
    expect(ids(copy, 'code42abcd')).toEqual([42]);
    expect(copy.byPassCode('CODE2ABCD')?.id).toBe(2);
  });

  it('finds nothing for short or unknown text', () => {
    expect(ids(copy, '98')).toEqual([]);
    expect(ids(copy, 'nobody@example.net')).toEqual([]);
    expect(copy.byPassCode('NOPE123')).toBeUndefined();
  });

  it('by the last digits of a mobile', () => {
    expect(ids(copy, '0042')).toEqual([42]);
  });
});

describe('name search at a crowded gate', () => {
  const copy = copyOf([
    pass(10, { name: 'Ananya Sen', mobile: '9830011111' }),
    pass(11, { name: 'Ananya Sen', mobile: '9830024321' }),
    pass(12, { name: 'Ananya Chatterjee', mobile: '9830034321' }),
    pass(13, { name: 'Sourav Ananyaputra', mobile: '9830044444' }),
    pass(14, { name: 'অনন্যা সেন', mobile: '9830055555' }),
  ]);

  it('finds every word of a name by its beginning, in any case', () => {
    expect(ids(copy, 'ananya').sort()).toEqual([10, 11, 12, 13]);
    expect(ids(copy, 'SEN').sort()).toEqual([10, 11]);
    expect(ids(copy, 'ananya sen').sort()).toEqual([10, 11]);
    expect(ids(copy, 'অনন্যা')).toEqual([14]);
  });

  it('narrows a shared name with digits of the mobile or the contribution id', () => {
    expect(ids(copy, 'ananya 4321').sort()).toEqual([11, 12]);
    expect(ids(copy, 'ananya sen 4321')).toEqual([11]);
    expect(ids(copy, 'ananya smt000012')).toEqual([12]);
    expect(ids(copy, 'ananya 7777')).toEqual([]);
  });

  it('does not match the middle of a word', () => {
    expect(ids(copy, 'nanya')).toEqual([]);
  });

  it('stops at the limit and says there is more', () => {
    const crowd = copyOf(Array.from({ length: 80 }, (_, i) => pass(100 + i, { name: `Rahul ${i}` })));
    const answer = crowd.search('rahul');
    expect(answer.passes).toHaveLength(50);
    expect(answer.more).toBe(true);
    expect(crowd.search('rahul 00107')).toMatchObject({ more: false, passes: [{ id: 107 }] });
  });
});

describe('the copy kept in step', () => {
  it('keeps a pass waiting in the outbox collected when a sync brings the older state', () => {
    const copy = copyOf([pass(5, { passCollected: 1, collectedAt: 123, collectedBy: 'Me', pending: true })]);
    copy.merge([pass(5, { passCollected: 0 })], new Set(['SMT000005']));
    expect(copy.get(5)).toMatchObject({ passCollected: 1, pending: true, collectedAt: 123 });
    copy.applyUploads([{ orderRcptId: 'SMT000005', collectedAt: 120, collectedBy: 'Other' }]);
    expect(copy.get(5)).toMatchObject({ passCollected: 1, pending: false, collectedBy: 'Other' });
  });

  it('re-indexes a pass whose code or name changed', () => {
    const copy = copyOf([pass(6)]);
    copy.set(pass(6, { passCode: 'NEWCODE66', name: 'Mitali Roy', email: '' }));
    expect(copy.byPassCode('CODE6ABCD')).toBeUndefined();
    expect(copy.byPassCode('newcode66')?.id).toBe(6);
    expect(ids(copy, 'mitali')).toEqual([6]);
    expect(ids(copy, 'guest')).toEqual([]);
  });
});

describe('the query and the mobile on screen', () => {
  it('reads names, digits and ids out of one text', () => {
    expect(parseVenueQuery('  Ananya Sen 4321 ')).toMatchObject({ names: ['ananya', 'sen'], digits: ['4321'] });
    expect(parseVenueQuery('+91 98300 24321')).toMatchObject({ mobile: '9830024321', names: [] });
    expect(parseVenueQuery('SMT000042')).toMatchObject({ rcptId: 42 });
    expect(parseVenueQuery('ab')).toBeNull();
  });

  it('masks all but the last four digits', () => {
    expect(maskMobile('9830024321')).toBe('••••••4321');
    expect(maskMobile('123')).toBe('123');
  });
});
