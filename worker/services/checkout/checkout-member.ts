// The member's own orders and the address and referral details checkout copies onto a new order.
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { saveUserExtraInfoRequest, UserExtraInfo } from '../../../core/contracts/checkout';
import { orders, userExtraInfo } from '../../../schema/index';
import { runBatch } from '../../lib/d1-batch';
import type { Actor } from '../../lib/session';
import { type Svc, sessionBatchOf } from '../../lib/svc';
import { type OrderView, orderListOf, orderListQueries } from './order-view';
import { addressUnpaidOrders } from '../transitions/order-details';

async function extraInfoOf(s: Svc, userId: number) {
  return s.db.select().from(userExtraInfo).where(eq(userExtraInfo.userId, userId)).get();
}

/**
 * /getOrders: the caller's contributions, newest first, with their lines and refunds, read with the session
 * lookup in one round trip (session: 'batch', docs/decisions/111).
 */
export async function getOrders(s: Svc): Promise<OrderView[]> {
  const { results } = await sessionBatchOf(s)((me, db) =>
    orderListQueries(db, {
      where: eq(orders.userId, me.userId),
      orderBy: [desc(orders.createdAt), desc(orders.id)],
      limit: 200,
    }),
  );
  return orderListOf(...results).views;
}

const EMPTY_EXTRA: UserExtraInfo = {
  addrLine1: null,
  addrLine2: null,
  city: null,
  state: null,
  pin: null,
  additionalEmail: null,
  additionalMobile: null,
  referSource: null,
  referredBy: null,
};

/** /getUserExtraInfo, read with the session lookup in one round trip (session: 'batch'). */
export async function getUserExtraInfo(s: Svc): Promise<UserExtraInfo> {
  const { results } = await sessionBatchOf(s)(
    (me, db) => [db.select().from(userExtraInfo).where(eq(userExtraInfo.userId, me.userId)).limit(1)] as const,
  );
  return infoOf(results[0][0]);
}

function infoOf(row: typeof userExtraInfo.$inferSelect | undefined): UserExtraInfo {
  if (!row) return EMPTY_EXTRA;
  const { userId: _u, updatedAt: _t, ...info } = row;
  return info;
}

/**
 * /saveUserExtraInfo. Old clients save it after /startOrder, so the caller's unpaid orders that still lack
 * an address get it too.
 */
export async function saveUserExtraInfo(
  s: Svc,
  actor: Actor,
  input: z.output<typeof saveUserExtraInfoRequest>,
): Promise<UserExtraInfo> {
  const at = Date.now();
  const referredBy = input.referSource === 'Other' ? input.referredBy : (input.referredBy ?? null);
  const info = { ...input, referredBy };
  await runBatch(s.db, [
    s.db
      .insert(userExtraInfo)
      .values({ userId: actor.userId, ...info, updatedAt: at })
      .onConflictDoUpdate({ target: userExtraInfo.userId, set: { ...info, updatedAt: at } }),
    addressUnpaidOrders(s.db, actor.userId, info),
  ]);
  return infoOf(await extraInfoOf(s, actor.userId));
}
