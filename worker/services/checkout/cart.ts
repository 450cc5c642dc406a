import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AddToCartRequest, CartDetails, CartKind, CartPriceChange } from '../../../core/contracts/cart';
import type { CountResponse } from '../../../core/contracts/catalogue';
import { festivalYear } from '../../../core/festival';
import { formatINR, paiseToRupees, rupeesToPaise } from '../../../core/money';
import { ORDER_STATUS } from '../../../core/orders';
import {
  isMemberPriced,
  type LineInput,
  type PricedCart,
  type PricingContext,
  type PricingProduct,
  priceCart,
  rulesOf,
  UTSAV_CODE,
  type WaiverRule,
} from '../../../core/pricing';
import { cartLines, carts, orderLines, orders, products } from '../../../schema/index';
import { runBatch } from '../../lib/d1-batch';
import type { Db } from '../../lib/db';
import { DomainError, say } from '../../lib/errors';
import { log } from '../../lib/log';
import type { Actor } from '../../lib/session';
import { type Svc, sessionBatchOf } from '../../lib/svc';
import {
  blockedForOther,
  COUNTED_STATUSES,
  isLiveSql,
  type ProductRow,
  type SponsorshipState,
  sponsorshipStates,
  sponsorshipStatesOf,
  sponsorshipStatesQueries,
  toPricing,
  waiverContextQuery,
} from '../catalogue/catalogue';
import { getSettings, pickSettings, settingsQuery } from '../admin/settings';

export type { ProductRow };

/**
 * What the server knows about the buyer for pricing: UTSAV memberships bought this festival year (paid or
 * awaiting approval), and member-priced units already used, also by orders still awaiting payment: an
 * unpaid order holds its member price until it is paid or given up (trigger member_price_entitlement).
 */
export async function pricingContext(s: Svc, userId: number, fiscalYear: string): Promise<PricingContext> {
  return pricingContextOf(await pricingContextQuery(s.db, userId, fiscalYear).all());
}

/**
 * pricingContext() as a statement for a batch; `userId` may be the caller as SQL (sessionBatch's `me.userId`),
 * so that it goes to D1 with the session lookup (docs/decisions/111).
 */
export function pricingContextQuery(db: Db, userId: number | SQL, fiscalYear: string) {
  const counted = sql.join(
    COUNTED_STATUSES.map((st) => sql`${st}`),
    sql`, `,
  );
  return db
    .select({
      productId: orderLines.productId,
      code: orderLines.code,
      qty: sql<number>`coalesce(sum(CASE WHEN ${orders.status} IN (${counted}) THEN ${orderLines.qty} - ${orderLines.withheldQty} ELSE 0 END), 0)`, // units being refunded or refunded: 0145
      memberUnits: sql<number>`coalesce(sum(${orderLines.memberPricedUnits}), 0)`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.fiscalYear, fiscalYear),
        inArray(orders.status, [...COUNTED_STATUSES, ORDER_STATUS.pendingPayment]),
      ),
    )
    .groupBy(orderLines.productId, orderLines.code);
}

/** The pricing context with the waiver, from the answers of pricingContextQuery() and waiverContextQuery(). */
export function pricingWithWaiver(
  pricingRows: Parameters<typeof pricingContextOf>[0],
  waiverRows: readonly { sponsoredPaise: number; waivedUsed: number }[],
  rule: WaiverRule,
): PricingContext {
  const ctx = pricingContextOf(pricingRows);
  const w = waiverRows[0];
  ctx.waiver = {
    rule,
    earlierSponsorshipPaise: Number(w?.sponsoredPaise ?? 0),
    waivedUsed: Number(w?.waivedUsed ?? 0),
  };
  return ctx;
}

/** The answer of pricingContextQuery(). */
export function pricingContextOf(
  rows: readonly { productId: number; code: string; qty: number; memberUnits: number }[],
): PricingContext {
  const ctx: PricingContext = { utsavMemberships: 0, memberPricedUsed: {} };
  for (const r of rows) {
    if (r.code === UTSAV_CODE) ctx.utsavMemberships += Number(r.qty);
    if (Number(r.memberUnits) > 0) {
      ctx.memberPricedUsed[r.productId] = (ctx.memberPricedUsed[r.productId] ?? 0) + Number(r.memberUnits);
    }
  }
  return ctx;
}

/** Member-priced units the buyer already used this year, all products together (/getBijayaSanmelaniCount). */
export const memberPricedUsed = (ctx: PricingContext) => Object.values(ctx.memberPricedUsed).reduce((a, b) => a + b, 0);

/** The kind of cart a product goes into: contributions (checkout /summary) or daily passes (/dpsummary). */
export const kindOf = (p: Pick<ProductRow, 'type'>): CartKind =>
  p.type === 'DAILY_PASS' ? 'DAILY_PASS' : 'CONTRIBUTION';

export type Buyer = { userId: number; email: string };

/**
 * Everything that makes a set of lines sellable to this buyer now, beyond their shape: products exist and
 * are on sale, one kind of cart, the live flags, the extra contribution's limits, and the sponsorship
 * rules (taken, reserved for someone else, co-sponsored, full-sponsor only). Throws a DomainError naming
 * the product. Checkout may call it again on the stored cart.
 */
export async function checkLines(
  s: Svc,
  buyer: Buyer,
  lines: readonly LineInput[],
  productsById: ReadonlyMap<number, ProductRow>,
): Promise<CartKind> {
  lineKind(lines, productsById); // the shape first, before any read
  const sponsorIds = lines.filter((l) => productsById.get(l.productId)!.type === 'SPONSORSHIP').map((l) => l.productId);
  // one round trip for both reads
  const [flags, states] = await Promise.all([
    getSettings(s.db, ['membershipLive', 'dailyPassLive']),
    sponsorshipStates(s, festivalYear(), sponsorIds),
  ]);
  return checkLinesWith(buyer, lines, productsById, flags, states);
}

/** The kind of cart of these lines: at least one line, known products, one kind. */
function lineKind(lines: readonly LineInput[], productsById: ReadonlyMap<number, ProductRow>): CartKind {
  if (lines.length === 0) throw noLines();
  const kinds = new Set<CartKind>();
  for (const l of lines) {
    const p = productsById.get(l.productId);
    if (!p) throw new DomainError('BadRequest', say('cart.unknownProduct', { id: l.productId }), 400);
    kinds.add(kindOf(p));
  }
  if (kinds.size > 1) {
    throw new DomainError('MixedCart', say('cart.mixed'), 400);
  }
  return [...kinds][0]!;
}

/** checkLines() on settings and sponsorship states already read (with the session lookup, for /addToCart). */
export function checkLinesWith(
  buyer: Buyer,
  lines: readonly LineInput[],
  productsById: ReadonlyMap<number, ProductRow>,
  flags: { membershipLive: boolean; dailyPassLive: boolean },
  states: ReadonlyMap<number, SponsorshipState>,
): CartKind {
  const kind = lineKind(lines, productsById);
  if (kind === 'DAILY_PASS' && !flags.dailyPassLive) {
    throw new DomainError('NotOnSale', say('cart.dailyPassClosed'), 409);
  }
  if (kind === 'CONTRIBUTION' && !flags.membershipLive) {
    throw new DomainError('NotOnSale', say('cart.membershipClosed'), 409);
  }
  for (const l of lines) {
    const p = productsById.get(l.productId)!;
    const reservedForBuyer = p.type === 'SPONSORSHIP' && !!p.blockedByEmail && !blockedForOther(p, buyer.email);
    if (p.type === 'SPONSORSHIP' && blockedForOther(p, buyer.email)) {
      throw new DomainError('ItemBlocked', say('cart.itemBlocked', { name: p.name }), 409);
    }
    if (!p.available && !reservedForBuyer) {
      throw new DomainError('ProductUnavailable', say('cart.itemUnavailable', { name: p.name }), 409);
    }
    const free = freeAmountOf(p);
    if (free) {
      const amount = l.amountPaise ?? 0;
      if (l.qty !== 1) throw new DomainError('BadRequest', say('cart.extraQty', { id: p.id }), 400);
      if (!Number.isInteger(amount) || amount % 100 !== 0 || amount < free.minPaise || amount > free.maxPaise) {
        throw new DomainError(
          'BadRequest',
          say('cart.extraAmount', { id: p.id, min: formatINR(free.minPaise), max: formatINR(free.maxPaise) }),
          400,
        );
      }
      continue;
    }
    if (p.type !== 'SPONSORSHIP') continue;
    if (l.qty !== 1) throw new DomainError('BadRequest', say('cart.sponsorshipQty', { id: p.id }), 400);
    if (l.fullSponsor === null || l.fullSponsor === undefined) {
      throw new DomainError('BadRequest', say('cart.fullSponsorRequired', { id: p.id }), 400);
    }
    if (!l.fullSponsor && p.fullSponsorOnly) {
      throw new DomainError('FullSponsorOnly', say('cart.fullSponsorOnly', { name: p.name }), 400);
    }
    const st = states.get(p.id);
    // The buyer's own unpaid hold does not block them: starting checkout again gives the old order up
    // (checkout's supersedeOwnHolds), so a closed tab never leaves a dead end.
    const ownHold =
      st?.claim?.userId === buyer.userId &&
      st.claim.state === 'held' &&
      st.claim.orderStatus === ORDER_STATUS.pendingPayment;
    if (st?.claim && !ownHold) {
      if (st.claim.state === 'held')
        throw new DomainError('ItemTaken', say('checkout.itemHeld', { name: p.name }), 409);
      throw new DomainError('ItemTaken', say('cart.itemSponsored', { name: p.name }), 409);
    }
    if (l.fullSponsor && st?.coSponsored) {
      throw new DomainError('ItemCoSponsored', say('cart.itemCoSponsored', { name: p.name }), 409);
    }
  }
  return kind;
}

/** The limits of a product whose buyer chooses the amount (the extra contribution's rule), or null. */
const freeAmountOf = (p: ProductRow) => rulesOf(toPricing(p)).freeAmount;

const noLines = () => new DomainError('BadRequest', say('cart.noLines'), 400);

const pricingMap = (m: ReadonlyMap<number, ProductRow>) =>
  new Map<number, PricingProduct>([...m].map(([id, p]) => [id, toPricing(p)]));

export function cartDetails(kind: CartKind | null, priced: PricedCart | null): CartDetails {
  if (!kind || !priced) return { kind: null, selectedProducts: [], totalMaxPrice: 0, totalSellPrice: 0 };
  const w = priced.waiver;
  return {
    // absent without a waiver, so that other carts' answers are unchanged
    ...(w
      ? {
          waiver: {
            members: w.members,
            waivedQty: w.waivedUnits,
            usedBefore: w.usedBefore,
            waivedAmount: paiseToRupees(w.waivedPaise),
            sponsorshipTotal: paiseToRupees(w.sponsorshipPaise),
            threshold: paiseToRupees(w.thresholdPaise),
          },
        }
      : {}),
    kind,
    selectedProducts: priced.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      code: l.code,
      qty: l.qty,
      maxPrice: paiseToRupees(l.maxPricePaise),
      sellPrice: paiseToRupees(l.sellPricePaise),
      fullSponsor: l.fullSponsor,
      ...(l.waivedUnits ? { waivedQty: l.waivedUnits } : {}),
    })),
    totalMaxPrice: paiseToRupees(priced.totalMaxPaise),
    totalSellPrice: paiseToRupees(priced.totalSellPaise),
  };
}

/**
 * /addToCart: validates and re-prices the client's selection from the catalogue and replaces the server
 * cart whole. The client's prices and utsavMemberCount are ignored (a mismatch is logged). Nothing is
 * written unless every line passes. Two D1 round trips (docs/decisions/111): the session lookup with every read
 * (the products, the buyer's counts, the settings, the sponsorship states of the products sent), then the write.
 */
export async function addToCart(s: Svc, req: AddToCartRequest): Promise<CartDetails> {
  const lines: LineInput[] = [];
  const sent = new Map<number, { price: number | null | undefined; code: string | null | undefined }>();
  for (const [key, l] of Object.entries(req.productQtys)) {
    if (l.qty === 0) continue; // a plan stepped back to 0 stays in old clients' maps
    const productId = Number(key);
    sent.set(productId, { price: l.price, code: l.code });
    lines.push({
      productId,
      qty: l.qty,
      fullSponsor: l.fullSponsor ?? null,
      amountPaise: typeof l.price === 'number' ? rupeesToPaise(l.price) : null,
    });
  }
  if (lines.length === 0) throw noLines();
  const ids = lines.map((l) => l.productId);
  const fiscalYear = festivalYear();
  const { actor, results } = await sessionBatchOf(s)(
    (me, db) =>
      [
        db.select().from(products).where(inArray(products.id, ids)),
        pricingContextQuery(db, me.userId, fiscalYear),
        settingsQuery(db),
        waiverContextQuery(db, me.userId, fiscalYear),
        // the states of every product sent: those that are not sponsorships have none
        ...sponsorshipStatesQueries(db, fiscalYear, ids),
        // on sale now: published, of the live festival year (drafts and past years are not)
        db
          .select({ id: products.id })
          .from(products)
          .where(and(inArray(products.id, ids), isLiveSql(Date.now()))),
      ] as const,
  );
  const [productRows, pricingRows, settingRows, waiverRows, claims, co, liveRows] = results;
  const live = new Set(liveRows.map((r) => r.id));
  const buyer: Buyer = { userId: actor.userId, email: actor.email };
  const productsById = new Map(productRows.map((p) => [p.id, p]));
  const { membershipWaiver } = pickSettings(settingRows, ['membershipWaiver']);
  const ctx = pricingWithWaiver(pricingRows, waiverRows, membershipWaiver);
  for (const l of lines) {
    const p = productsById.get(l.productId);
    const code = sent.get(l.productId)?.code;
    if (p && code && code !== p.code) {
      throw new DomainError('BadRequest', say('cart.codeMismatch', { id: p.id, sent: code, code: p.code }), 400);
    }
    if (p && !live.has(p.id)) {
      throw new DomainError('ProductUnavailable', say('cart.itemUnavailable', { name: p.name }), 409);
    }
    // only the extra contribution (a free amount) takes an amount from the client
    if (p && !freeAmountOf(p)) l.amountPaise = null;
    if (p && p.type !== 'SPONSORSHIP') l.fullSponsor = null;
  }
  const flags = pickSettings(settingRows, ['membershipLive', 'dailyPassLive']);
  const kind = checkLinesWith(buyer, lines, productsById, flags, sponsorshipStatesOf(claims, co));
  lines.sort((a, b) => {
    const pa = productsById.get(a.productId)!;
    const pb = productsById.get(b.productId)!;
    return pa.sortOrder - pb.sortOrder || pa.id - pb.id;
  });
  const priced = priceCart(pricingMap(productsById), lines, ctx);

  const mismatches = priced.lines.filter((pl) => {
    const price = sent.get(pl.productId)?.price;
    return typeof price === 'number' && rupeesToPaise(price) !== pl.sellPricePaise;
  });
  const clientMembers = req.utsavMemberCount;
  const serverMembers = Math.max(0, ctx.utsavMemberships - memberPricedUsed(ctx));
  if (mismatches.length > 0 || (typeof clientMembers === 'number' && clientMembers !== serverMembers)) {
    log('warn', 'cart.client_mismatch', {
      userId: buyer.userId,
      lines: mismatches.map((m) => ({
        productId: m.productId,
        client: sent.get(m.productId)?.price,
        server: paiseToRupees(m.sellPricePaise),
      })),
      utsavMemberCount: { client: clientMembers ?? null, server: serverMembers },
    });
  }

  const now = Date.now();
  await runBatch(s.db, [
    s.db.delete(cartLines).where(eq(cartLines.userId, buyer.userId)),
    s.db
      .insert(carts)
      .values({ userId: buyer.userId, kind, updatedAt: now })
      .onConflictDoUpdate({ target: carts.userId, set: { kind, updatedAt: now } }),
    ...priced.lines.map((pl) =>
      s.db.insert(cartLines).values({
        userId: buyer.userId,
        productId: pl.productId,
        qty: pl.qty,
        fullSponsor: pl.fullSponsor,
        amountPaise: freeAmountOf(productsById.get(pl.productId)!) ? pl.sellPricePaise : null,
        unitPricePaise: productsById.get(pl.productId)!.pricePaise,
        coPricePaise: productsById.get(pl.productId)!.coPricePaise,
      }),
    ),
  ]);
  return cartDetails(kind, priced);
}

/** /getUtsavUserCount and /getBijayaSanmelaniCount: the caller's counts, read with the session lookup. */
export async function buyerCounts(s: Svc): Promise<PricingContext> {
  const fiscalYear = festivalYear();
  const { results } = await sessionBatchOf(s)((me, db) => [pricingContextQuery(db, me.userId, fiscalYear)] as const);
  return pricingContextOf(results[0]);
}

/**
 * The stored cart, its products and the buyer's counts as statements for one batch; `userId` may be the caller
 * as SQL (sessionBatch's `me.userId`). pricedCartOf() reads their answers.
 */
export function pricedCartQueries(db: Db, userId: number | SQL, fiscalYear: string) {
  return [
    db.select().from(carts).where(eq(carts.userId, userId)).limit(1),
    db.select().from(cartLines).where(eq(cartLines.userId, userId)),
    db
      .select()
      .from(products)
      .where(
        and(
          inArray(
            products.id,
            db.select({ id: cartLines.productId }).from(cartLines).where(eq(cartLines.userId, userId)),
          ),
          // a line of a product no longer on sale (last year's, after next year's is published) is left out
          isLiveSql(Date.now()),
        ),
      ),
    pricingContextQuery(db, userId, fiscalYear),
    waiverContextQuery(db, userId, fiscalYear),
  ] as const;
}

export type PricedCartLoaded = {
  kind: CartKind;
  priced: PricedCart;
  products: Map<number, ProductRow>;
  lines: LineInput[];
};

export function pricedCartOf(
  cart: { kind: CartKind } | undefined,
  rows: readonly (typeof cartLines.$inferSelect)[],
  productRows: readonly ProductRow[],
  pricingRows: Parameters<typeof pricingContextOf>[0],
  waiverRows: Parameters<typeof pricingWithWaiver>[1],
  rule: WaiverRule,
): PricedCartLoaded | null {
  if (!cart || rows.length === 0) return null;
  const productsById = new Map(productRows.map((p) => [p.id, p]));
  const lines: LineInput[] = rows
    .filter((r) => productsById.has(r.productId))
    .sort((a, b) => {
      const pa = productsById.get(a.productId)!;
      const pb = productsById.get(b.productId)!;
      return pa.sortOrder - pb.sortOrder || pa.id - pb.id;
    })
    .map((r) => ({ productId: r.productId, qty: r.qty, fullSponsor: r.fullSponsor, amountPaise: r.amountPaise }));
  if (lines.length === 0) return null;
  const ctx = pricingWithWaiver(pricingRows, waiverRows, rule);
  return { kind: cart.kind, priced: priceCart(pricingMap(productsById), lines, ctx), products: productsById, lines };
}

/** /getCartDetails: the caller's cart, read with the session lookup in one round trip (docs/decisions/111). */
export async function getCartDetails(s: Svc): Promise<CartDetails> {
  const fiscalYear = festivalYear();
  const { results } = await sessionBatchOf(s)(
    (me, db) => [...pricedCartQueries(db, me.userId, fiscalYear), settingsQuery(db)] as const,
  );
  const { membershipWaiver } = pickSettings(results[5], ['membershipWaiver']);
  const loaded = pricedCartOf(results[0][0], results[1], results[2], results[3], results[4], membershipWaiver);
  if (!loaded) return cartDetails(null, null);
  const changes = priceChangesOf(results[1], loaded.products);
  return { ...cartDetails(loaded.kind, loaded.priced), ...(changes.length > 0 ? { priceChanges: changes } : {}) };
}

/**
 * The prices an admin changed since the lines were added: the line's own price, the co-price for a
 * co-sponsor, and either for a member-priced pass. Lines added before 0240 remember no price and say nothing.
 */
export function priceChangesOf(
  rows: readonly (typeof cartLines.$inferSelect)[],
  productsById: ReadonlyMap<number, ProductRow>,
): CartPriceChange[] {
  const out: CartPriceChange[] = [];
  for (const r of rows) {
    const p = productsById.get(r.productId);
    if (!p || r.unitPricePaise === null || freeAmountOf(p)) continue;
    const co = p.type === 'SPONSORSHIP' && r.fullSponsor === false;
    const pairs: [number | null, number][] = co
      ? [[r.coPricePaise, p.coPricePaise]]
      : [[r.unitPricePaise, p.pricePaise]];
    if (!co && p.type !== 'SPONSORSHIP' && isMemberPriced(toPricing(p))) pairs.push([r.coPricePaise, p.coPricePaise]);
    const changed = pairs.find(([was, now]) => was !== null && was !== now);
    if (!changed) continue;
    out.push({
      productId: p.id,
      name: p.name,
      ...(p.nameBn ? { nameBn: p.nameBn } : {}),
      code: p.code,
      oldPrice: paiseToRupees(changed[0]!),
      newPrice: paiseToRupees(changed[1]),
    });
  }
  return out;
}

/** /getUtsavUserCount: the caller's UTSAV memberships this festival year (paid or awaiting approval). */
export async function utsavUserCount(s: Svc): Promise<CountResponse> {
  return { count: (await buyerCounts(s)).utsavMemberships };
}

/**
 * /getBijayaSanmelaniCount: member-priced pass units (Kali Puja / Bijaya Sanmelani bhog) the caller already used
 * this year; the old client shows Utsav count minus this count as the units still at the member price.
 */
export async function bijayaSanmelaniCount(s: Svc): Promise<CountResponse> {
  return { count: memberPricedUsed(await buyerCounts(s)) };
}

/** The statements that empty a user's cart, for the caller's runBatch(). */
export function deleteCartStatements(s: Svc, userId: number) {
  return [
    s.db.delete(cartLines).where(eq(cartLines.userId, userId)),
    s.db.delete(carts).where(eq(carts.userId, userId)),
  ] as const;
}

/** /deleteCart: the caller's cart lines and cart go in one batch. */
export async function deleteCart(s: Svc, actor: Actor): Promise<{ deleted: true }> {
  await runBatch(s.db, deleteCartStatements(s, actor.userId));
  return { deleted: true };
}
