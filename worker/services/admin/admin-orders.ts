// The admin console's order lists: pass search, pending verification, success, collected / not collected.
import { and, desc, eq, gte, isNotNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { AttentionOrder, UnitTotals } from '../../../core/contracts/admin';
import { PAGE_SIZE, SEARCH_LIMIT } from '../../../core/contracts/admin';
import { normalizeMobile } from '../../../core/contracts/common';
import type { OrderView } from '../../../core/contracts/orders';
import { parseRcptId } from '../../../core/ids';
import { ORDER_STATUS } from '../../../core/orders';
import { orderLines, orders } from '../../../schema/index';
import { runBatch } from '../../lib/d1-batch';
import type { Db } from '../../lib/db';
import { notFound, say } from '../../lib/errors';
import type { Actor, Me } from '../../lib/session';
import { type Svc, sessionBatchOf } from '../../lib/svc';
import { type OrderListing, orderList, orderListOf, orderListQueries, orderViews } from '../checkout/order-view';
import { clearAttention as clearOrderAttention } from '../transitions/orders';

type OrderRow = typeof orders.$inferSelect;

/** SPEC.md section 3's order fields with the lines, in rupees (payments' serializer, shared with /getOrders). */
export function serializeOrders(db: Db, rows: OrderRow[]): Promise<OrderView[]> {
  return orderViews(db, rows);
}

/**
 * What a volunteer at the pass desk sees of an order: who (name, email, mobile), the passes and their
 * collection state. Addresses, referral and bank details stay with the admins (decision 072).
 */
export function forDesk(o: OrderView, isAdmin: boolean): OrderView {
  if (isAdmin) return o;
  return {
    ...o,
    state: null,
    pin: null,
    addr1: null,
    addr2: null,
    city: null,
    referSource: null,
    referredBy: null,
    transactionId: null,
    bankName: null,
  };
}

// Every text sorts below this in SQLite's BINARY collation (UTF-8 bytes), so [p, p + TOP) is "starts with p".
const TOP = '\u{10FFFF}';

/**
 * Pass Collection search. The old client sets emailId and mobileNo to the one entered text. Exact and
 * prefix matches are one index range each (orders_email_idx, orders_mobile_idx), never LIKE '%x%'.
 * Only paid (Success) orders are listed: they are the ones a pass is handed out for.
 */
export async function searchUserOrder(
  s: Svc,
  actor: Promise<Actor>,
  q: { emailId?: string | null; mobileNo?: string | null },
): Promise<OrderView[]> {
  actor.catch(() => {}); // the verdict, awaited below: never an unhandled rejection while the reads run
  const found = await searchOrders(s.db, q);
  const { isAdmin } = await actor;
  return found.map((o) => forDesk(o, isAdmin));
}

async function searchOrders(db: Db, q: { emailId?: string | null; mobileNo?: string | null }) {
  const emailText = (q.emailId ?? '').trim().toLowerCase();
  const mobileText = (q.mobileNo ?? '').trim();
  const conditions = [];
  // an email (or its start) has something that is not a digit, a space, + or -
  if (emailText.length >= 3 && /[^\d\s+-]/.test(emailText)) {
    conditions.push(and(gte(orders.userEmail, emailText), lt(orders.userEmail, emailText + TOP)));
    // a contribution id typed into the box ("SMT000042") finds that order
    if (/^smt\d+$/.test(emailText)) {
      const pk = parseRcptId(emailText);
      if (pk) conditions.push(eq(orders.id, pk));
    }
  }
  if (/^\+?[\d\s-]{3,20}$/.test(mobileText)) {
    let digits = mobileText.replace(/\D/g, '');
    if (digits.length > 10) digits = normalizeMobile(digits);
    if (digits.length >= 3) conditions.push(and(gte(orders.userMobile, digits), lt(orders.userMobile, `${digits}:`)));
  }
  if (conditions.length === 0) return [];
  // One range query per condition so that each uses its index, all with their lines in one batch (one round
  // trip); merged and de-duplicated here.
  const statements = conditions.flatMap((cond) =>
    orderListQueries(db, {
      // `+status` keeps the planner on the email/mobile range: the status index would scan every paid order
      where: and(cond, sql`+${orders.status} = 'Success'`),
      orderBy: [],
      limit: SEARCH_LIMIT,
    }),
  );
  const answers = (await runBatch(db, statements as unknown as Parameters<typeof runBatch>[1])) as readonly unknown[];
  const found = new Map<number, { row: OrderRow; view: OrderView }>();
  for (let i = 0; i < answers.length; i += 3) {
    const list = orderListOf(...(answers.slice(i, i + 3) as Parameters<typeof orderListOf>));
    list.rows.forEach((row, j) => {
      found.set(row.id, { row, view: list.views[j]! });
    });
  }
  return [...found.values()]
    .sort((a, b) => (b.row.successTs ?? 0) - (a.row.successTs ?? 0) || b.row.id - a.row.id)
    .slice(0, SEARCH_LIMIT)
    .map((f) => f.view);
}

/** /getStaffOrderDetails: one paid order, as the desk sees it (forDesk). */
export async function staffOrderDetails(s: Svc, actor: Promise<Actor>, input: { orderPkId: number }) {
  actor.catch(() => {}); // the verdict, awaited below: never an unhandled rejection while the reads run
  const { views } = await orderList(s.db, { where: eq(orders.id, input.orderPkId), orderBy: [], limit: 1 });
  const order = views[0];
  if (order?.status !== ORDER_STATUS.success) throw notFound(say('order.noPaidWithId'));
  return forDesk(order, (await actor).isAdmin);
}

/** Offline orders waiting for an admin, oldest first (the order of the queue at the bank statement). */
export async function getPendingOrders(s: Svc) {
  const where = eq(orders.status, ORDER_STATUS.pendingApproval);
  return (await orderList(s.db, { where, orderBy: [orders.createdAt, orders.id], limit: 1000 })).views;
}

export type OrderPage = { orders: OrderView[]; nextCursor: number | null; hasMore: boolean };

/**
 * Keyset paging on orderSuccessTS (unique, so pages never overlap or skip): the next page is everything
 * strictly below the smallest orderSuccessTS already shown. Orders that succeed later get a larger
 * orderSuccessTS and so appear at the top on the next fresh load, never inside a later page.
 */
const pageListing = (where: SQL | undefined, cursor: number, limit = PAGE_SIZE + 1): OrderListing => ({
  where: and(where, lt(orders.successTs, cursor)),
  orderBy: [desc(orders.successTs)],
  limit,
});

function pageOf(list: { rows: OrderRow[]; views: OrderView[] }): OrderPage {
  const hasMore = list.rows.length > PAGE_SIZE;
  const shown = list.rows.slice(0, PAGE_SIZE);
  return { orders: list.views.slice(0, PAGE_SIZE), nextCursor: shown.at(-1)?.successTs ?? null, hasMore };
}

type PageRequest = { orderTSCursor: number; fiscalYear?: string };

const yearFilter = (fiscalYear?: string) => (fiscalYear ? eq(orders.fiscalYear, fiscalYear) : undefined);

/** A page of the paid orders; `orderTSCursor` as in pageListing(). */
export async function getSuccessOrders(s: Svc, input: PageRequest) {
  const where = and(eq(orders.status, ORDER_STATUS.success), yearFilter(input.fiscalYear));
  return pageOf(await orderList(s.db, pageListing(where, input.orderTSCursor)));
}

const collectionWhere = (collected: boolean, fiscalYear?: string) =>
  and(
    eq(orders.passCollected, collected ? 1 : 0),
    eq(orders.status, ORDER_STATUS.success),
    // a pass whose every unit is refunded is void, not waiting to be collected
    collected ? undefined : eq(orders.passVoid, 0),
    yearFilter(fiscalYear),
  );

/**
 * /getDPKP(Not)CollectedOrder: a page of the list and the whole list's totals, read with the session lookup in
 * one round trip (session: 'batch'); only for an admin (`me.limit()`: no order is read for anyone else).
 */
export async function collectionPage(s: Svc, input: PageRequest & { collected: boolean }) {
  const { collected, orderTSCursor: cursor, fiscalYear } = input;
  const { results } = await sessionBatchOf(s)(
    (me, db) =>
      [
        ...orderListQueries(db, pageListing(collectionWhere(collected, fiscalYear), cursor, me.limit(PAGE_SIZE + 1))),
        collectionTotalsQuery(db, collected, fiscalYear, me),
      ] as const,
  );
  const [rows, lines, refundRows, totals] = results;
  return { page: pageOf(orderListOf(rows, lines, refundRows)), totals: unitTotalsOf(totals) };
}

/** /getCollectionTotals, read with the session lookup in one round trip, aggregated only for an admin. */
export async function collectionTotals(
  s: Svc,
  input: { collected: boolean; fiscalYear?: string },
): Promise<UnitTotals> {
  const { collected, fiscalYear } = input;
  const { results } = await sessionBatchOf(s)(
    (me, db) => [collectionTotalsQuery(db, collected, fiscalYear, me)] as const,
  );
  return unitTotalsOf(results[0]);
}

/**
 * The totals' statement. DECISIONS.md: units per product code and a grand total of units, over the whole list (not one page).
 * Sponsorship lines and the extra contribution (DNP) are not passes and are not counted.
 */
function collectionTotalsQuery(db: Db, collected: boolean, fiscalYear: string | undefined, me: Me) {
  return db
    .select({ code: orderLines.code, units: sql<number>`sum(${orderLines.qty} - ${orderLines.withheldQty})` })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orders.passCollected, collected ? 1 : 0),
        eq(orders.status, ORDER_STATUS.success),
        yearFilter(fiscalYear),
        ne(orderLines.type, 'SPONSORSHIP'),
        ne(orderLines.code, 'DNP'),
      ),
    )
    .groupBy(orderLines.code)
    .orderBy(orderLines.code)
    .limit(me.limit());
}

function unitTotalsOf(rows: readonly { code: string; units: number }[]): UnitTotals {
  const byCode: Record<string, number> = {};
  let units = 0;
  for (const r of rows) {
    byCode[r.code] = Number(r.units);
    units += Number(r.units);
  }
  return { byCode, units };
}

/** Orders flagged for an admin (orders.attention, a partial index), newest first. */
export async function getAttentionOrders(s: Svc): Promise<AttentionOrder[]> {
  const where = isNotNull(orders.attention);
  const { rows, views } = await orderList(s.db, { where, orderBy: [desc(orders.updatedAt)], limit: 200 });
  return views.map((order, i) => ({ order, attention: rows[i]!.attention ?? '' }));
}

/** /clearAttention: a state change, so the transitions module's (docs/decisions/076). */
export const clearAttention = (s: Svc, actor: Actor, input: Parameters<typeof clearOrderAttention>[2]) =>
  clearOrderAttention(s, actor.userId, input);
