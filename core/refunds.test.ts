import { describe, expect, it } from 'vitest';
import { planRefund, type RefundableLine, refundAmountPaise } from './refunds';

const line = (over: Partial<RefundableLine> = {}): RefundableLine => ({
  id: 1,
  type: 'DAILY_PASS',
  code: 'DPDY1',
  name: 'Dandiya pass',
  qty: 3,
  sellPricePaise: 100_001,
  refundedQty: 0,
  ...over,
});

describe('refundAmountPaise', () => {
  it('gives back exactly the line amount over any number of steps', () => {
    const l = line();
    const a = refundAmountPaise(l, 1);
    const b = refundAmountPaise({ ...l, refundedQty: 1 }, 1);
    const c = refundAmountPaise({ ...l, refundedQty: 2 }, 1);
    expect(a + b + c).toBe(100_001);
    expect(refundAmountPaise(l, 3)).toBe(100_001);
    expect(refundAmountPaise({ ...l, refundedQty: 1 }, 2)).toBe(b + c);
  });
  it('is 0 for no units and never beyond the line', () => {
    expect(refundAmountPaise(line(), 0)).toBe(0);
    expect(refundAmountPaise(line({ refundedQty: 2 }), 5)).toBe(100_001 - Math.floor((100_001 * 2) / 3));
  });
});

describe('planRefund', () => {
  const lines = [
    line(),
    line({ id: 2, type: 'SPONSORSHIP', code: 'SPLT', name: 'Lights', qty: 1, sellPricePaise: 500_000 }),
  ];
  it('refunds every remaining unit with all', () => {
    const p = planRefund(lines, { all: true }, { passCollected: false });
    expect(p.amountPaise).toBe(600_001);
    expect(p.lines.map((l) => l.qty)).toEqual([3, 1]);
  });
  it('refunds N of M passes', () => {
    const p = planRefund(lines, { lines: [{ lineId: 1, qty: 2 }] }, { passCollected: false });
    expect(p.lines).toEqual([{ lineId: 1, name: 'Dandiya pass', code: 'DPDY1', qty: 2, amountPaise: 66_667 }]);
  });
  it('names a foreign line, a refunded line and too many units', () => {
    expect(() => planRefund(lines, { lines: [{ lineId: 9 }] }, { passCollected: false })).toThrow(/line 9/);
    expect(() => planRefund([line({ refundedQty: 3 })], { lines: [{ lineId: 1 }] }, { passCollected: false })).toThrow(
      /refunded already/,
    );
    expect(() => planRefund(lines, { lines: [{ lineId: 1, qty: 4 }] }, { passCollected: false })).toThrow(
      /only 3 of 3/,
    );
  });
  it('refuses passes once collected but not a sponsorship', () => {
    expect(() => planRefund(lines, { all: true }, { passCollected: true })).toThrow(/collected/);
    expect(planRefund(lines, { lines: [{ lineId: 2 }] }, { passCollected: true }).amountPaise).toBe(500_000);
  });
});

describe('planRefund of waived memberships', () => {
  it('refuses to give back nothing, and refunds the paid units of a line waived in part', () => {
    const waived = line({ id: 7, type: 'MEMBERSHIP', code: 'MUTV', name: 'UTSAV', qty: 4, sellPricePaise: 0 });
    expect(() => planRefund([waived], { all: true }, { passCollected: false })).toThrow(/Nothing to give back/);
    const part = line({ id: 8, type: 'MEMBERSHIP', code: 'MUTV', name: 'UTSAV', qty: 5, sellPricePaise: 238_500 });
    expect(planRefund([waived, part], { all: true }, { passCollected: false }).amountPaise).toBe(238_500);
  });
});
