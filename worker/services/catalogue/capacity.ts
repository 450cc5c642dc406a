// Capacity per product (docs/decisions/245): products.taken counts the units held (unpaid orders,
// waiting-list offers) or sold; products.capacity (NULL: unlimited) bounds it. The database decides: the trigger
// `products_capacity` (migrations/0245) aborts any statement that raises `taken` past `capacity` with
// guard:sold_out, which rolls back the whole D1 batch it is in, unless the same statement records what it forces
// past the capacity in `oversold` (forceTakeUnits).
//
// Order lines: a line written with `capacity_units` = its units and a take of them in the same batch is released
// by the triggers of migrations/0245 when its order is given up, expires or is rejected, and when its units are
// refunded; a payment captured after the order was given up takes them back (forced). So a caller that sells
// through an order line (checkout, gate sales) writes both in one batch:
//   runBatch(s.db, [insert order_lines {..., capacity_units: qty}, takeUnits(productId, qty), ...])
// and answers guardFailure(err) === 'sold_out'. An offline sale synced later uses forceTakeUnits instead and reads
// how far past the capacity it went with overOf().
import { eq, inArray } from 'drizzle-orm';
import { availability } from '../../../core/capacity';
import { products } from '../../../schema/index';
import type { Guard } from '../../lib/audit';
import { changesOf, guardFailure, type RawStatement, raw, runBatch } from '../../lib/d1-batch';
import type { Svc } from '../../lib/svc';

export const SOLD_OUT_GUARD = 'sold_out';

const guarded = (g?: Guard) => (g ? { sql: ` AND ${g.sql}`, params: g.params } : { sql: '', params: [] });

function units(qty: number) {
  if (!Number.isInteger(qty) || qty < 0) throw new Error(`units must be a whole number >= 0, not ${qty}`);
  return qty;
}

/**
 * Takes `qty` units of a product only if they fit, as one statement for a runBatch: when they do not fit the
 * trigger aborts it and the whole batch (guardFailure(err) === 'sold_out'). `guard` makes it conditional (e.g.
 * only if the batch's transition happened); then its change count says whether it ran.
 */
export function takeUnits(productId: number, qty: number, guard?: Guard): RawStatement {
  const g = guarded(guard);
  return raw(`UPDATE products SET taken = taken + ? WHERE id = ?${g.sql}`, units(qty), productId, ...g.params);
}

/**
 * Takes `qty` units whatever the capacity (a sale already made: an offline gate sale synced later), recording
 * the units past the capacity in `oversold`. The statement answers the product's `taken` and `capacity` after
 * it: overOf() reads how many units the product is now over its capacity.
 */
export function forceTakeUnits(productId: number, qty: number, guard?: Guard): RawStatement {
  const g = guarded(guard);
  const n = units(qty);
  return raw(
    `UPDATE products SET oversold = oversold + max(0, taken + ? - max(taken, coalesce(capacity, taken + ?))),
       taken = taken + ?
     WHERE id = ?${g.sql} RETURNING id, taken, capacity`,
    n,
    n,
    n,
    productId,
    ...g.params,
  );
}

/** Gives `qty` units back (a hold that ended without an order line: a waiting-list offer, a gate sale undone). */
export function releaseUnits(productId: number, qty: number, guard?: Guard): RawStatement {
  const g = guarded(guard);
  return raw(`UPDATE products SET taken = max(0, taken - ?) WHERE id = ?${g.sql}`, units(qty), productId, ...g.params);
}

type D1Like = { results?: unknown[]; meta: { changes?: number } };

/** How many units a forceTakeUnits statement left its product over capacity (0 when within it or unlimited). */
export function overOf(result: D1Like | undefined): number {
  const row = result?.results?.[0] as { taken: number; capacity: number | null } | undefined;
  if (!row || row.capacity === null) return 0;
  return Math.max(0, row.taken - row.capacity);
}

/** takeUnits on its own: true when the units were taken, false when they did not fit. */
export async function tryTake(s: Pick<Svc, 'db'>, productId: number, qty: number): Promise<boolean> {
  try {
    const results = await runBatch(s.db, [takeUnits(productId, qty)]);
    return changesOf(results) > 0;
  } catch (err) {
    if (guardFailure(err) === SOLD_OUT_GUARD) return false;
    throw err;
  }
}

/** forceTakeUnits on its own: the units over capacity it leaves (0 when none). */
export async function forceTake(s: Pick<Svc, 'db'>, productId: number, qty: number): Promise<{ over: number }> {
  const results = await runBatch(s.db, [forceTakeUnits(productId, qty)]);
  return { over: overOf(results[0]) };
}

/** releaseUnits on its own. */
export async function release(s: Pick<Svc, 'db'>, productId: number, qty: number): Promise<void> {
  await runBatch(s.db, [releaseUnits(productId, qty)]);
}

/** The capacity, units left, sold out and "few left" of products, by id (for answers and refusals). */
export async function availabilityOf(s: Pick<Svc, 'db'>, productIds: readonly number[]) {
  if (productIds.length === 0) return new Map<number, ReturnType<typeof availability> & { name: string }>();
  const rows = await s.db
    .select({ id: products.id, name: products.name, capacity: products.capacity, taken: products.taken })
    .from(products)
    .where(productIds.length === 1 ? eq(products.id, productIds[0]!) : inArray(products.id, [...productIds]))
    .all();
  return new Map(rows.map((r) => [r.id, { ...availability(r.capacity, r.taken), name: r.name }]));
}
