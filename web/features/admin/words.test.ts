import { describe, expect, it } from 'vitest';
import { categoryText, humanize, paymentTypeText } from './words';

describe("the committee's words for codes (docs/decisions/164)", () => {
  it('reads any code as words', () => {
    expect(humanize('DAILY_PASS')).toBe('Daily pass');
    expect(humanize('needs_attention')).toBe('Needs attention');
    expect(humanize('convenienceChargeBasisPoints')).toBe('Convenience charge basis points');
    expect(humanize('order.transfer_submitted')).toBe('Order transfer submitted');
    expect(humanize('')).toBe('');
  });

  it('names the known product and payment types from the catalogue, and still reads an unknown one', () => {
    expect(categoryText('MEMBERSHIP')).toBe('Membership');
    expect(categoryText('DAILY_PASS')).toBe('Daily Pass');
    expect(categoryText('GIFT_CARD')).toBe('Gift card');
    expect(paymentTypeText('Online')).toBe('Online');
    expect(paymentTypeText('Offline')).toBe('Direct transfer');
    expect(paymentTypeText('CASH_AT_GATE')).toBe('Cash at gate');
  });
});
