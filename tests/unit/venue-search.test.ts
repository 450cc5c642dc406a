import { describe, expect, it } from 'vitest';
import type { LocalPass } from '../../web/features/venue/store';
import { findByPassCode, searchLocal } from '../../web/features/venue/engine';

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

describe('the venue phone searches its own copy', () => {
  const copy = new Map([1, 2, 42].map((id) => [id, pass(id)]));

  it('by mobile (as typed, with +91 or spaces), email, contribution id or pass code', () => {
    expect(searchLocal(copy, '+91 98765 00042').map((p) => p.id)).toEqual([42]);
    expect(searchLocal(copy, 'GUEST2@example.net').map((p) => p.id)).toEqual([2]);
    expect(searchLocal(copy, 'smt000001').map((p) => p.id)).toEqual([1]);
    expect(searchLocal(copy, 'code42abcd').map((p) => p.id)).toEqual([42]);
    expect(findByPassCode(copy, 'CODE2ABCD')?.id).toBe(2);
  });

  it('finds nothing for short or unknown text', () => {
    expect(searchLocal(copy, '98')).toEqual([]);
    expect(searchLocal(copy, 'nobody@example.net')).toEqual([]);
    expect(findByPassCode(copy, 'NOPE123')).toBeUndefined();
  });
});
