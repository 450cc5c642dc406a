import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../core/contracts/orders';
import { ORDER_STATUS } from '../../../core/orders';
import type { ProductView } from '../../../core/contracts/catalogue';
import { cartOfOrder, splitAttempts } from './ContributionsTab';

const order = (id: string, over: Partial<OrderView>): OrderView =>
  ({
    orderRcptId: id,
    kind: 'CONTRIBUTION',
    orderDate: 1,
    status: ORDER_STATUS.success,
    paymentType: 'Online',
    selectedProducts: [line('MUTV', 2)],
    ...over,
  }) as OrderView;
const ids = (list: OrderView[]) => list.map((o) => o.orderRcptId);
type Line = OrderView['selectedProducts'][number];
const line = (code: string, qty: number) => ({ name: code, code, qty }) as Line;

describe('the Contribution tab folds away attempts that owe nothing (docs/decisions/101)', () => {
  it('a failed online order is an attempt; a failed direct transfer is not', () => {
    const { main, attempts } = splitAttempts([
      order('A', { status: ORDER_STATUS.failed }),
      order('B', { status: ORDER_STATUS.failed, paymentType: 'Offline' }),
      order('C', {}),
    ]);
    expect(ids(attempts)).toEqual(['A']);
    expect(ids(main)).toEqual(['B', 'C']);
  });

  it('an online order waiting for payment is an attempt once a later order of the same lines replaced it', () => {
    const waiting = order('W', { status: ORDER_STATUS.pendingPayment, orderDate: 1 });
    const paid = order('P', { orderDate: 2 });
    expect(ids(splitAttempts([waiting, paid]).attempts)).toEqual(['W']);
    // other lines, an earlier order, or a later one that failed too, replace nothing
    const other = order('O', { orderDate: 2, selectedProducts: [line('MUTV', 3)] });
    expect(ids(splitAttempts([waiting, other]).attempts)).toEqual([]);
    expect(ids(splitAttempts([waiting, order('E', { orderDate: 0 })]).attempts)).toEqual([]);
    expect(ids(splitAttempts([waiting, order('S', { orderDate: 1 })]).attempts)).toEqual([]);
    const failedLater = order('F', { orderDate: 2, status: ORDER_STATUS.failed });
    expect(ids(splitAttempts([waiting, failedLater]).main)).toEqual(['W']);
  });

  it('the same lines in another order count as the same lines; a pass is not a contribution', () => {
    const waiting = order('W', {
      status: ORDER_STATUS.pendingPayment,
      selectedProducts: [line('A', 1), line('B', 1)],
    });
    const later = order('L', {
      orderDate: 2,
      selectedProducts: [line('B', 1), line('A', 1)],
    });
    expect(ids(splitAttempts([waiting, later]).attempts)).toEqual(['W']);
    expect(ids(splitAttempts([waiting, { ...later, kind: 'DAILY_PASS' }]).attempts)).toEqual([]);
  });
});

describe('Resume payment puts an unpaid order back into the cart by product id', () => {
  const product = (id: number, code: string, price: number) => ({ id, code, price }) as ProductView;
  const products = {
    productsResponses: { MEMBERSHIP: [product(1, 'MUTV', 1500)], SPONSORSHIP: [product(2, 'SPGT', 10_000)] },
  };
  const passes = {
    productsResponses: { DAILY_PASS: [product(3, 'DP1', 200)] },
    extraContributionId: 9,
    dailyPassLive: true,
  };
  const sold = (code: string, qty: number, sellPrice: number) => ({ ...line(code, qty), sellPrice }) as Line;

  it('finds each line by its code; a sponsorship says whether it was the full one', () => {
    const cart = cartOfOrder(
      { kind: 'CONTRIBUTION', selectedProducts: [sold('MUTV', 2, 3000), sold('SPGT', 1, 10_000)] },
      products,
      passes,
    );
    expect(cart).toEqual({
      '1': { qty: 2, price: 3000, code: 'MUTV' },
      '2': { qty: 1, price: 10_000, code: 'SPGT', fullSponsor: true },
    });
    const co = cartOfOrder({ kind: 'CONTRIBUTION', selectedProducts: [sold('SPGT', 1, 2500)] }, products, passes);
    expect(co['2']?.fullSponsor).toBe(false);
  });

  it("a pass order's unlisted line is the extra contribution; a contribution's is left out", () => {
    const lines = [sold('DP1', 3, 600), sold('DNP', 1, 100)];
    expect(cartOfOrder({ kind: 'DAILY_PASS', selectedProducts: lines }, products, passes)).toEqual({
      '3': { qty: 3, price: 600, code: 'DP1' },
      '9': { qty: 1, price: 100, code: 'DNP' },
    });
    expect(cartOfOrder({ kind: 'CONTRIBUTION', selectedProducts: [sold('GONE', 1, 50)] }, products, passes)).toEqual(
      {},
    );
  });
});
