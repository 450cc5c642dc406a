// Checkout before the order exists: what /startOrder reads (the stored cart priced by the server, the rules that
// make it sellable now, the settings, the buyer's address and own unpaid holds, a double click's order), all in
// one D1 batch with the session lookup (docs/decisions/111), and the totals; what the payment screens show.
// Creating the order is checkout.ts; what happens to it afterwards is checkout-payment.ts.
import { and, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { BatchResponse } from 'drizzle-orm/batch';
import { convenienceCharge } from '../../../core/pricing';
import { orders, payments, sponsorshipClaims, userExtraInfo } from '../../../schema/index';
import type { Db } from '../../lib/db';
import { DomainError, say } from '../../lib/errors';
import { log } from '../../lib/log';
import type { Actor } from '../../lib/session';
import type { Svc } from '../../lib/svc';
import { type Buyer, checkLines, checkLinesWith, type PricedCartLoaded, pricedCartOf, pricedCartQueries } from './cart';
import { sponsorshipStatesOf, sponsorshipStatesQueries } from '../catalogue/catalogue';
import { settleOnline } from './payments';
import { getSettings, pickSettings, settingsQuery } from '../admin/settings';
import { loadOrder, releaseOrder } from '../transitions/orders';
import { ORDER_STATUS } from '../../../core/orders';
import type { PaymentOptions } from '../../../core/contracts/checkout';

/** A second /startOrder this soon after the first, with the cart already turned into an order, gets that order. */
const DOUBLE_CLICK_MS = 2 * 60_000;

export type PaymentType = 'Online' | 'Offline';
type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/**
 * Every read of /startOrder as statements of one batch; `userId` is the caller as SQL (sessionBatch's
 * `me.userId`), so that they go to D1 with the session lookup. checkoutReadOf() names their answers.
 */
export function checkoutQueries(
  db: Db,
  userId: SQL | number,
  fiscalYear: string,
  paymentType: PaymentType,
  now: number,
) {
  // a double click whose first request already turned the cart into an order: that order and its online attempt
  const recent = and(
    eq(orders.userId, userId),
    eq(orders.status, ORDER_STATUS.pendingPayment),
    eq(orders.paymentType, paymentType),
    gt(orders.createdAt, now - DOUBLE_CLICK_MS),
  );
  const recentId = db.select({ id: orders.id }).from(orders).where(recent).orderBy(desc(orders.id)).limit(1);
  return [
    ...pricedCartQueries(db, userId, fiscalYear),
    settingsQuery(db),
    // every item's state this year: the cart's ids are known only to the batch (a few rows, as /getProducts reads)
    ...sponsorshipStatesQueries(db, fiscalYear),
    db.select().from(userExtraInfo).where(eq(userExtraInfo.userId, userId)).limit(1),
    db
      .selectDistinct({ orderId: sponsorshipClaims.orderId, productId: sponsorshipClaims.productId })
      .from(sponsorshipClaims)
      .where(
        and(
          eq(sponsorshipClaims.userId, userId),
          eq(sponsorshipClaims.fiscalYear, fiscalYear),
          eq(sponsorshipClaims.state, 'held'),
        ),
      ),
    db.select().from(orders).where(recent).orderBy(desc(orders.id)).limit(1),
    db
      .select()
      .from(payments)
      .where(and(inArray(payments.orderId, recentId), eq(payments.method, 'razorpay')))
      .limit(1),
  ] as const;
}

type Answers = BatchResponse<ReturnType<typeof checkoutQueries>>;

/** The answers of checkoutQueries(), by name. */
export function checkoutReadOf(results: Answers) {
  const [cart, lines, products, pricing, waiver, settingRows, claims, co, extra, held, recent, recentAttempt] = results;
  const settings = pickSettings(settingRows, [
    'membershipLive',
    'dailyPassLive',
    'convenienceChargeBasisPoints',
    'bank',
    'membershipWaiver',
  ]);
  return {
    loaded: pricedCartOf(cart[0], lines, products, pricing, waiver, settings.membershipWaiver),
    cartUpdatedAt: cart[0]?.updatedAt ?? 0,
    settings,
    states: sponsorshipStatesOf(claims, co),
    extra: extra[0],
    held,
    recent: recent[0] as OrderRow | undefined,
    recentAttempt: recentAttempt[0] as PaymentRow | undefined,
  };
}

export type CheckoutRead = ReturnType<typeof checkoutReadOf>;

/** An order about to be written: the priced cart checked again, its totals and the buyer's address. */
export type PreparedOrder = {
  loaded: PricedCartLoaded;
  paymentType: PaymentType;
  fullSponsorIds: number[];
  subtotal: number;
  convenience: number;
  total: number;
  /** one cart gives one order, whichever button was pressed (unique index) */
  checkoutKey: string;
  extra: CheckoutRead['extra'];
};

/**
 * Decides on the batch's answers whether this cart may become an order now, with the same rules and messages
 * as /addToCart. The buyer's own unpaid checkout holding one of these items is given up first (a state change
 * with reads and writes of its own, so only then more round trips), and the rules are checked on fresh reads.
 */
export async function prepareOrder(
  s: Svc,
  actor: Actor,
  read: CheckoutRead & { loaded: PricedCartLoaded },
  paymentType: PaymentType,
): Promise<PreparedOrder> {
  const { loaded } = read;
  const buyer: Buyer = { userId: actor.userId, email: actor.email };
  const fullSponsorIds = loaded.priced.lines
    .filter((l) => l.type === 'SPONSORSHIP' && l.fullSponsor)
    .map((l) => l.productId);
  const ownHolds = [...new Set(read.held.filter((h) => fullSponsorIds.includes(h.productId)).map((h) => h.orderId))];
  if (ownHolds.length > 0) {
    await supersedeOwnHolds(s, actor, ownHolds);
    await checkLines(s, buyer, loaded.lines, loaded.products);
  } else {
    checkLinesWith(buyer, loaded.lines, loaded.products, read.settings, read.states);
  }
  const subtotal = loaded.priced.totalSellPaise;
  // Every fee waived (docs/decisions/255): nothing to pay by either button; the order is confirmed at once.
  const free = subtotal === 0 && loaded.priced.waiver !== null;
  const type: PaymentType = free ? 'Offline' : paymentType;
  const convenience = type === 'Offline' ? 0 : convenienceCharge(subtotal, read.settings.convenienceChargeBasisPoints);
  const total = subtotal + convenience;
  if (total < 100 && !free) {
    throw new DomainError('NothingToPay', say('checkout.nothingToPay'), 400);
  }
  return {
    loaded,
    paymentType: type,
    fullSponsorIds,
    subtotal,
    convenience,
    total,
    checkoutKey: `${actor.userId}:${read.cartUpdatedAt}`,
    extra: read.extra,
  };
}

/**
 * Gives up this buyer's own earlier unpaid checkouts that hold one of the items, so that starting again is not
 * blocked by oneself. An online one is first asked about at Razorpay (it may have been paid).
 */
async function supersedeOwnHolds(s: Svc, actor: Actor, orderIds: number[]) {
  for (const orderId of orderIds) {
    const o = await loadOrder(s, orderId);
    if (o?.status !== ORDER_STATUS.pendingPayment) continue;
    if (o.paymentType === 'Online') {
      try {
        if ((await settleOnline(s, o, { via: 'reconciler' })) !== ORDER_STATUS.pendingPayment) continue;
      } catch (err) {
        log('warn', 'checkout.supersede_unchecked', { orderId, error: String(err) });
        continue; // cannot tell whether it was paid: keep the hold
      }
    }
    await releaseOrder(s, {
      orderId,
      to: ORDER_STATUS.failed,
      reason: 'Replaced by a new checkout',
      closedAs: 'cancelled',
      via: 'checkout',
      actorId: actor.userId,
    });
  }
}

/** /getPaymentOptions: what the payment screens show before an order exists. */
export async function paymentOptions(s: Svc): Promise<PaymentOptions> {
  return getSettings(s.db, ['bank', 'convenienceChargeBasisPoints']);
}

export const emptyCart = () => new DomainError('EmptyCart', say('checkout.emptyCart'), 400);
