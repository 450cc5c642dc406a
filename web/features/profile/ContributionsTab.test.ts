import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../core/contracts/orders';
import { ORDER_STATUS } from '../../../core/orders';
import { splitAttempts } from './ContributionsTab';

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
