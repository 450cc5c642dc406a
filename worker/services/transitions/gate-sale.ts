// A pass sold at the gate (docs/decisions/250): an order born paid and collected, in one batch.
// The order's checkout_key is the phone's nonce ("gate:<nonce>", unique): a sale sent twice (a replay of the
// phone's queue, a double tap, two requests racing) inserts one order; every other statement of the batch is
// guarded on the token this call wrote on it, so the loser of a race writes nothing and reads the winner's sale.
// It lives here because it writes an order's and a payment's status (docs/decisions/076).
import { eq, sql } from 'drizzle-orm';
import type { VenuePass } from '../../../core/contracts/venue';
import type { PricedLine } from '../../../core/pricing';
import { gateSales, orderLines, orders } from '../../../schema/index';
import type { Guard } from '../../lib/audit';
import { randomCode, randomToken } from '../../lib/crypto';
import { guardFailure, isUniqueViolation, runBatch, type Statement } from '../../lib/d1-batch';
import { DomainError, say } from '../../lib/errors';
import type { Svc } from '../../lib/svc';
import type { OrderRow } from '../checkout/order-view';
import { type LineRow, lineColumns, type PassRow, selectPasses, toPass } from '../venue/venue-read';
import { issueReceipt } from './receipts';

/** The account every walk-in's order belongs to: buyers at the gate have none; the order carries their details. */
export const WALK_IN_EMAIL = 'walk-in@gate.invalid';

export type GateSaleWrite = {
  nonce: string;
  volunteerId: number;
  deviceId: string | null;
  buyer: { name: string; mobile: string; email: string | null };
  lines: readonly PricedLine[];
  totalPaise: number;
  mode: 'cash' | 'upi';
  /** the UTR, stored on the payment attempt (unique: one UTR pays one order); null for cash or when used already */
  utr: string | null;
  /** the UTR as typed, kept on the sale even when another order holds it */
  utrTyped: string | null;
  saleDay: string;
  happenedAt: number;
  fiscalYear: string;
  source: 'online' | 'offline';
  /** what admins must resolve ('oversold', 'utr_used'), known before the write; null for a clean sale */
  conflict: string | null;
  /**
   * The capacity's statements for the same batch (docs/decisions/251: the one place capacity plugs in), given the
   * guard that holds only if this call made the order. They run after the lines and before the sale row; a take
   * that does not fit aborts the whole batch (guard:sold_out).
   */
  capacity?: (mine: Guard) => Statement[];
  /** SQL that, after the capacity's statements, is true when this sale left a product over its capacity */
  oversoldNow?: ReturnType<typeof sql>;
};

export type GateSaleRow = typeof gateSales.$inferSelect;

/**
 * Writes the sale: order (Success, Offline, collected by the volunteer), lines, payment attempt ('approved', method
 * gate_cash or gate_upi), the sale row, the collection event and the audit rows, then reads the order and the sale
 * back. `mine` is false when the nonce had made its sale before (or in a racing request).
 */
export async function recordGateSale(
  s: Svc,
  w: GateSaleWrite,
): Promise<{ order: OrderRow; sale: GateSaleRow; mine: boolean; pass: VenuePass }> {
  const { db } = s;
  const key = `gate:${w.nonce}`;
  for (let round = 0; round < 5; round++) {
    const token = randomToken(12);
    const passCode = randomCode(10);
    const orderId = sql`(SELECT id FROM orders WHERE checkout_key = ${key})`;
    const mine = sql`EXISTS (SELECT 1 FROM orders WHERE checkout_key = ${key} AND transition_id = ${token})`;
    const mineGuard: Guard = {
      sql: 'EXISTS (SELECT 1 FROM orders WHERE checkout_key = ? AND transition_id = ?)',
      params: [key, token],
    };
    const details = JSON.stringify({
      nonce: w.nonce,
      mode: w.mode,
      utr: w.utrTyped,
      totalPaise: w.totalPaise,
      source: w.source,
      deviceId: w.deviceId,
      happenedAt: w.happenedAt,
      conflict: w.conflict,
    });
    const writes: Statement[] = [
      // the walk-ins' account, made once (no password can match '!', so nobody logs in as it)
      db.run(sql`INSERT INTO users (name, email, mobile, password_hash)
        VALUES ('Walk-in (gate sales)', ${WALK_IN_EMAIL}, '', '!') ON CONFLICT (email) DO NOTHING`),
      db.run(sql`INSERT INTO orders (user_id, kind, fiscal_year, status, payment_type, subtotal_paise,
          convenience_paise, total_paise, checkout_key, payment_date, success_ts, user_name, user_email, user_mobile,
          transaction_id, transition_id, pass_code, pass_collected, collected_at, collected_by, attention)
        SELECT (SELECT id FROM users WHERE email = ${WALK_IN_EMAIL}), 'DAILY_PASS', ${w.fiscalYear}, 'Success',
          'Offline', ${w.totalPaise}, 0, ${w.totalPaise}, ${key}, ${w.happenedAt},
          MAX(CAST(unixepoch('subsec') * 1000 AS INTEGER), COALESCE((SELECT MAX(success_ts) FROM orders), 0) + 1),
          ${w.buyer.name}, ${w.buyer.email ?? ''}, ${w.buyer.mobile}, ${w.utr}, ${token}, ${passCode}, 1,
          ${w.happenedAt}, ${w.volunteerId}, ${w.conflict ? `Gate sale to resolve: ${w.conflict}` : null}
        WHERE true
        ON CONFLICT (checkout_key) DO NOTHING`),
      ...w.lines.map((l) =>
        db.run(sql`INSERT INTO order_lines (order_id, product_id, type, code, name, qty, unit_price_paise,
            max_price_paise, sell_price_paise, full_sponsor, member_priced_units, capacity_units)
          SELECT ${orderId}, ${l.productId}, ${l.type}, ${l.code}, ${l.name}, ${l.qty}, ${l.unitPricePaise},
            ${l.maxPricePaise}, ${l.sellPricePaise}, NULL, 0, ${l.qty} WHERE ${mine}`),
      ),
      db.run(sql`INSERT INTO payments (order_id, method, status, amount_paise, transaction_id)
        SELECT ${orderId}, ${w.mode === 'cash' ? 'gate_cash' : 'gate_upi'}, 'approved', ${w.totalPaise}, ${w.utr}
        WHERE ${mine}`),
      ...(w.capacity ? w.capacity(mineGuard) : []),
      db.run(sql`INSERT INTO gate_sales (nonce, order_id, volunteer_id, device_id, mode, utr, amount_paise, sale_day,
          happened_at, source, conflict)
        SELECT ${w.nonce}, ${orderId}, ${w.volunteerId}, ${w.deviceId}, ${w.mode}, ${w.utrTyped}, ${w.totalPaise},
          ${w.saleDay}, ${w.happenedAt}, ${w.source}, ${w.conflict} WHERE ${mine}`),
      // an offline sale that took units past a capacity: a conflict for the admins (the sale stands)
      ...(w.oversoldNow
        ? [
            db.run(sql`UPDATE gate_sales SET conflict = 'oversold' WHERE nonce = ${w.nonce} AND ${mine}
                AND ${w.oversoldNow}`),
            db.run(sql`UPDATE orders SET attention = 'Gate sale to resolve: oversold'
                WHERE checkout_key = ${key} AND transition_id = ${token} AND ${w.oversoldNow}`),
          ]
        : []),
      // handed over at once: the collection the venue's lists and conflicts read
      db.run(sql`INSERT INTO collection_events (order_id, nonce, device_id, volunteer_id, happened_at, source,
          is_conflict)
        SELECT ${orderId}, ${`sale-${w.nonce}`}, ${w.deviceId}, ${w.volunteerId}, ${w.happenedAt}, ${w.source}, 0
        WHERE ${mine}`),
      db.run(sql`INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
        SELECT ${w.volunteerId}, 'order.gate_sale', 'order', CAST(${orderId} AS TEXT), ${details} WHERE ${mine}`),
      db.run(sql`INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
        SELECT ${w.volunteerId}, 'pass.collected', 'order', CAST(${orderId} AS TEXT),
          ${JSON.stringify({ nonce: `sale-${w.nonce}`, deviceId: w.deviceId, happenedAt: w.happenedAt, source: w.source, gateSale: true })}
        WHERE ${mine}`),
      // the numbered receipt, as for any confirmed payment (docs/decisions/260): the sale is paid when it is made
      ...issueReceipt({ checkoutKey: key }, w.fiscalYear, mineGuard, w.happenedAt).map((st) => st),
    ];
    // the order, the sale and the pass as the batch left them: the answer needs no other round trip
    const readBack = [
      db.select().from(orders).where(eq(orders.checkoutKey, key)),
      db.select().from(gateSales).where(eq(gateSales.nonce, w.nonce)),
      selectPasses(db).where(eq(orders.checkoutKey, key)).limit(1),
      db.select(lineColumns).from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id),
    ] as const;
    let found: [OrderRow[], GateSaleRow[], PassRow[], LineRow[]];
    try {
      const results = await runBatch(db, [...writes, ...readBack] as unknown as [Statement]);
      found = (results as unknown[]).slice(-4) as typeof found;
    } catch (err) {
      if (isUniqueViolation(err, 'success_ts') || isUniqueViolation(err, 'pass_code')) continue;
      if (isUniqueViolation(err, 'transaction_id')) throw new DomainError('UtrUsed', say('gate.utrUsed'), 409);
      // gate.ts soldOut() says which product, with its name, in place of this one
      if (guardFailure(err) === 'sold_out') throw new DomainError('SoldOut', say('gate.soldOut', { name: '' }), 409);
      throw err;
    }
    const order = found[0][0];
    const sale = found[1][0];
    if (!order) throw new Error('gate sale: order vanished after insert');
    if (!sale) {
      // the nonce names an order that is no gate sale's: cannot happen (checkout keys of carts are not "gate:")
      throw new Error('gate sale: order without its sale');
    }
    const passRow = found[2][0];
    if (!passRow) throw new Error('gate sale: no pass read back');
    return { order, sale, mine: order.transitionId === token, pass: toPass(passRow, found[3]) };
  }
  throw new DomainError('Busy', say('server.busy'), 503);
}
