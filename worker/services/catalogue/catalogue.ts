import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { availability } from '../../../core/capacity';
import {
  type PlansResponse,
  type ProductsResponse,
  type ProductView,
  rulesToView,
  type UProductsResponse,
  type WaiverView,
} from '../../../core/contracts/catalogue';
import { festivalYear } from '../../../core/festival';
import { paiseToRupees } from '../../../core/money';
import { ORDER_STATUS, type OrderStatus } from '../../../core/orders';
import {
  defaultRules,
  EXTRA_CONTRIBUTION_CODE,
  EXTRA_CONTRIBUTION_PRODUCT_ID,
  type PricingProduct,
  parseRules,
  rulesJson,
  type WaiverRule,
} from '../../../core/pricing';
import { orderLines, orders, products, sponsorshipClaims } from '../../../schema/index';
import { runBatch } from '../../lib/d1-batch';
import type { Db } from '../../lib/db';
import { type Svc, sessionBatchOf } from '../../lib/svc';
import { getSetting, pickSettings, settingsQuery } from '../admin/settings';

export type ProductRow = typeof products.$inferSelect;

/** Orders that count as bought: paid, or submitted and awaiting an admin's approval. */
export const COUNTED_STATUSES = [ORDER_STATUS.success, ORDER_STATUS.pendingApproval] as const;
/**
 * Orders whose co-sponsorship lines make an item "co-sponsored": also those still awaiting payment,
 * so that a full sponsor cannot slip in while a co-sponsor is paying (an abandoned order turns Failed).
 */
export const CO_SPONSOR_STATUSES = [
  ORDER_STATUS.success,
  ORDER_STATUS.pendingApproval,
  ORDER_STATUS.pendingPayment,
] as const;

export type SponsorshipState = {
  /** the full sponsor's claim this festival year: held by a started checkout, or sponsored once paid */
  claim: { state: 'held' | 'sponsored'; userId: number; sponsorName: string; orderStatus: OrderStatus } | null;
  coSponsored: boolean;
};

export const toPricing = (p: ProductRow): PricingProduct => ({
  id: p.id,
  type: p.type,
  code: p.code,
  name: p.name,
  pricePaise: p.pricePaise,
  coPricePaise: p.coPricePaise,
  rules: parseRules(p.rules),
});

/**
 * The live catalogue's festival year (docs/decisions/241): the latest year with a product published by `now`, or
 * null when nothing is published. SQL for a statement about `products` (the subquery names its own alias).
 */
export const liveYearSql = (now: number): SQL =>
  sql`(SELECT max(lp.festival_year) FROM products lp WHERE lp.publish_at <= ${now} AND lp.code <> ${EXTRA_CONTRIBUTION_CODE})`;

/**
 * What members see and may buy: products published by `now` of the live year. The extra contribution (DNP, the
 * old client's id 84) belongs to no year: it stays one product from year to year.
 */
export const isLiveSql = (now: number): SQL =>
  sql`(${products.code} = ${EXTRA_CONTRIBUTION_CODE} OR (${products.publishAt} <= ${now} AND ${products.festivalYear} = ${liveYearSql(now)}))`;

/** The live year, or today's festival year when nothing is published yet (a new catalogue goes into it). */
export async function liveYear(db: Db, now = Date.now()): Promise<string> {
  const row = (await runBatch(db, [db.get<{ y: string | null }>(sql`SELECT ${liveYearSql(now)} AS y`)]))[0];
  return row?.y || festivalYear(now);
}

type ClaimRow = {
  productId: number;
  state: 'held' | 'sponsored';
  userId: number;
  sponsorName: string;
  orderStatus: OrderStatus;
};

/**
 * The two statements behind sponsorshipStates(), for a caller that sends them in its own batch (with the session
 * lookup, docs/decisions/111); sponsorshipStatesOf() reads their answers. `productIds` narrows them (never empty).
 */
export function sponsorshipStatesQueries(db: Db, fiscalYear: string, productIds?: readonly number[]) {
  const inProducts = (column: typeof orderLines.productId | typeof sponsorshipClaims.productId) =>
    productIds
      ? sql`AND ${column} IN (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  // CROSS JOIN keeps the small table (claims, co-sponsor lines) outermost: with table statistics SQLite would
  // otherwise start from the festival year's orders and read rows in proportion to them.
  const claimSql = sql`SELECT ${sponsorshipClaims.productId} AS productId, ${sponsorshipClaims.state} AS state,
      ${sponsorshipClaims.userId} AS userId, ${orders.userName} AS sponsorName, ${orders.status} AS orderStatus
    FROM ${sponsorshipClaims} CROSS JOIN ${orders} ON ${orders.id} = ${sponsorshipClaims.orderId}
    WHERE ${sponsorshipClaims.fiscalYear} = ${fiscalYear} ${inProducts(sponsorshipClaims.productId)}`;
  const coSql = sql`SELECT DISTINCT ${orderLines.productId} AS productId FROM ${orderLines}
    CROSS JOIN ${orders} ON ${orders.id} = ${orderLines.orderId}
    WHERE ${orderLines.fullSponsor} = 0 AND ${orderLines.refundedQty} < ${orderLines.qty}
      ${inProducts(orderLines.productId)}
      AND ${orders.fiscalYear} = ${fiscalYear}
      AND ${orders.status} IN (${sql.join(
        CO_SPONSOR_STATUSES.map((st) => sql`${st}`),
        sql`, `,
      )})`;
  return [db.all<ClaimRow>(claimSql), db.all<{ productId: number }>(coSql)] as const;
}

/** The answers of sponsorshipStatesQueries(), keyed by product id. */
export function sponsorshipStatesOf(
  claims: readonly ClaimRow[],
  co: readonly { productId: number }[],
): Map<number, SponsorshipState> {
  const out = new Map<number, SponsorshipState>();
  const get = (id: number) => {
    let st = out.get(id);
    if (!st) {
      st = { claim: null, coSponsored: false };
      out.set(id, st);
    }
    return st;
  };
  for (const c of claims) {
    get(c.productId).claim = {
      state: c.state,
      userId: c.userId,
      sponsorName: c.sponsorName,
      orderStatus: c.orderStatus,
    };
  }
  for (const c of co) get(c.productId).coSponsored = true;
  return out;
}

/** Claims and co-sponsorships of sponsorship items for one festival year, keyed by product id. */
export async function sponsorshipStates(
  s: Svc,
  fiscalYear: string,
  productIds?: number[],
): Promise<Map<number, SponsorshipState>> {
  if (productIds && productIds.length === 0) return new Map();
  const [claims, co] = await Promise.all(sponsorshipStatesQueries(s.db, fiscalYear, productIds));
  return sponsorshipStatesOf(claims, co);
}

/**
 * What the membership fee waiver needs to know about the buyer's festival year (docs/decisions/255), as one
 * statement for a batch: full sponsorships paid earlier (Success, not refunded nor being refunded; co-sponsorships
 * and orders awaiting payment or approval do not count), and memberships already waived by orders paid, awaiting
 * approval or awaiting payment (an unpaid order holds its waiver until it is paid or given up, as trigger
 * membership_waiver_cap counts them; units refunded give their place back).
 */
export function waiverContextQuery(db: Db, userId: number | SQL, fiscalYear: string) {
  return db
    .select({
      sponsoredPaise: sql<number>`coalesce(sum(CASE WHEN ${orders.status} = 'Success' AND ${orderLines.type} = 'SPONSORSHIP' AND ${orderLines.fullSponsor} = 1 AND ${orderLines.withheldQty} < ${orderLines.qty} THEN ${orderLines.sellPricePaise} ELSE 0 END), 0)`,
      waivedUsed: sql<number>`coalesce(sum(max(0, min(${orderLines.waivedUnits}, ${orderLines.qty} - ${orderLines.withheldQty}))), 0)`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.fiscalYear, fiscalYear),
        inArray(orders.status, [...COUNTED_STATUSES, ORDER_STATUS.pendingPayment]),
      ),
    );
}

/** Reserved (blocked) by an admin for someone other than this caller. */
export const blockedForOther = (p: ProductRow, email: string) =>
  !!p.blockedByEmail && p.blockedByEmail.trim().toLowerCase() !== email.trim().toLowerCase();

const view = (p: ProductRow, over: Partial<ProductView> = {}): ProductView => ({
  id: p.id,
  name: p.name,
  code: p.code,
  price: paiseToRupees(p.pricePaise),
  coPrice: paiseToRupees(p.coPricePaise),
  available: p.available,
  coSponsored: false,
  fullSponsorOnly: p.fullSponsorOnly,
  desc: p.description,
  ...(p.nameBn ? { nameBn: p.nameBn } : {}), // only when written, so older answers keep their shape
  ...(p.descriptionBn ? { descBn: p.descriptionBn } : {}),
  sponsoredBy: null,
  ...capacityOf(p),
  ...(p.photo ? { photo: p.photo } : {}),
  ...changedRules(p),
  ...over,
});

/** The capacity's fields, only for a product that has one (docs/decisions/245). */
function capacityOf(p: ProductRow): Partial<ProductView> {
  const out: Partial<ProductView> = p.waitlist ? { waitlist: true } : {};
  if (p.capacity === null) return out;
  const a = availability(p.capacity, p.taken);
  return { ...out, capacity: p.capacity, unitsLeft: a.unitsLeft ?? 0, soldOut: a.soldOut, fewLeft: a.fewLeft };
}

/** The rules when an admin changed them from the code's defaults, so older answers keep their shape. */
function changedRules(p: ProductRow): { rules?: ProductView['rules'] } {
  const rules = parseRules(p.rules);
  if (!rules || rulesJson(rules) === rulesJson(defaultRules(p))) return {};
  return { rules: rulesToView(rules) };
}

/** The products of these types in the catalogue's order, as a statement for a batch. */
export function productsOfTypesQuery(db: Db, types: ProductRow['type'][]) {
  return db
    .select()
    .from(products)
    .where(and(inArray(products.type, types), isLiveSql(Date.now())))
    .orderBy(asc(products.sortOrder), asc(products.id));
}

async function productsOfTypes(s: Svc, types: ProductRow['type'][]) {
  return productsOfTypesQuery(s.db, types).all();
}

/**
 * /getProducts' statements: the catalogue, which does not depend on the caller, and what the membership fee waiver
 * would count for this member (the rule and their festival year, docs/decisions/275). They go in one batch with the
 * session lookup (docs/decisions/111), and customerProductsOf() shapes their answers for the caller.
 */
export function customerProductsQueries(db: Db, userId: number | SQL, fiscalYear: string) {
  return [
    productsOfTypesQuery(db, ['MEMBERSHIP', 'SPONSORSHIP']),
    ...sponsorshipStatesQueries(db, fiscalYear),
    settingsQuery(db),
    waiverContextQuery(db, userId, fiscalYear),
  ] as const;
}

/** /getProducts, read with the session lookup in one round trip; this festival year's sponsorships. */
export async function customerProducts(s: Svc): Promise<ProductsResponse> {
  const fiscalYear = festivalYear();
  const { actor, results } = await sessionBatchOf(s)((me, db) => customerProductsQueries(db, me.userId, fiscalYear));
  const [rows, claims, co, settingRows, waiverRows] = results;
  const { membershipWaiver } = pickSettings(settingRows, ['membershipWaiver']);
  return {
    ...customerProductsOf(actor, rows, sponsorshipStatesOf(claims, co)),
    waiver: waiverView(membershipWaiver, waiverRows[0]),
  };
}

/** The rule in rupees with the member's year: what the contribution pages' total bars price with. */
export const waiverView = (
  rule: WaiverRule,
  year: { sponsoredPaise: number; waivedUsed: number } | undefined,
): WaiverView => ({
  enabled: rule.enabled,
  tiers: rule.tiers.map((t) => ({ minSponsorship: paiseToRupees(t.minSponsorshipPaise), members: t.members })),
  earlierSponsorship: paiseToRupees(Number(year?.sponsoredPaise ?? 0)),
  waivedUsed: Number(year?.waivedUsed ?? 0),
});

/**
 * /getProducts: available memberships; sponsorship items that the caller may choose, plus the ones
 * taken this festival year (shown as sponsored, with the sponsor's name once paid or the name they are
 * reserved for). Items an admin disabled and nobody sponsors are not shown.
 */
export function customerProductsOf(
  who: { email: string },
  rows: readonly ProductRow[],
  states: ReadonlyMap<number, SponsorshipState>,
) {
  const MEMBERSHIP = rows.filter((p) => p.type === 'MEMBERSHIP' && p.available).map((p) => view(p));
  const SPONSORSHIP: ProductView[] = [];
  for (const p of rows) {
    if (p.type !== 'SPONSORSHIP') continue;
    const st = states.get(p.id);
    const coSponsored = st?.coSponsored ?? false;
    if (st?.claim) {
      SPONSORSHIP.push(
        view(p, {
          available: false,
          coSponsored,
          sponsoredBy: st.claim.state === 'sponsored' ? st.claim.sponsorName : null,
        }),
      );
    } else if (p.blockedByEmail && blockedForOther(p, who.email)) {
      SPONSORSHIP.push(view(p, { available: false, coSponsored, sponsoredBy: p.blockedByName ?? null }));
    } else if (p.available || p.blockedByEmail) {
      // reserved for this caller: theirs to take even when hidden from everyone else
      SPONSORSHIP.push(view(p, { available: true, coSponsored }));
    }
  }
  return { productsResponses: { MEMBERSHIP, SPONSORSHIP } };
}

/**
 * The daily passes on sale and the id of the extra contribution, from one read: the product coded DNP, which an
 * admin may create (docs/decisions/109); the seed's id 84 when there is none.
 */
export async function dailyPassCatalogue(s: Svc) {
  const rows = await productsOfTypes(s, ['DAILY_PASS']);
  const extra = rows.find((p) => p.code === EXTRA_CONTRIBUTION_CODE);
  return {
    passes: rows.filter((p) => p.available && p.code !== EXTRA_CONTRIBUTION_CODE).map((p) => view(p)),
    extraContributionId: extra?.id ?? EXTRA_CONTRIBUTION_PRODUCT_ID,
  };
}

/** /getUProducts (public): the daily passes on sale, the extra contribution's id and the daily-pass flag. */
export async function uProducts(s: Svc): Promise<UProductsResponse> {
  const [{ passes: DAILY_PASS, extraContributionId }, dailyPassLive] = await Promise.all([
    dailyPassCatalogue(s),
    getSetting(s.db, 'dailyPassLive'),
  ]);
  return { productsResponses: { DAILY_PASS }, extraContributionId, dailyPassLive };
}

/** /getPlans (public): the live catalogue's membership plans on sale, for the home page's plans table. */
export async function publicPlans(s: Svc): Promise<PlansResponse> {
  const rows = await productsOfTypes(s, ['MEMBERSHIP']);
  const plans = rows
    .filter((p) => p.available)
    .map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      ...(p.nameBn ? { nameBn: p.nameBn } : {}),
      price: paiseToRupees(p.pricePaise),
    }));
  return { festivalYear: rows[0]?.festivalYear ?? festivalYear(), plans };
}
