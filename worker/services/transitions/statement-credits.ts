// A bank statement's credit follows the transfer it matched (docs/decisions/140): these statements go into the
// order transitions' own guarded batches (orders.ts) and the refunds' recomputation (refunds.ts), so that the
// credit changes exactly when, and only if, its order does.
import { type SQL, sql } from 'drizzle-orm';
import type { Guard } from '../../lib/audit';
import { raw } from '../../lib/d1-batch';

const NOW = `CAST(unixepoch('subsec') * 1000 AS INTEGER)`;

/** The credit an approval used: it must still fit the order (in one of `states`) when the batch runs. */
export type CreditUsed = {
  lineId: number;
  reference: string;
  date: string;
  amountPaise: number;
  /** 'matched' for "approve all matched"; an admin approving by hand may also take an amount mismatch */
  states: readonly ('matched' | 'mismatch')[];
};

/** The condition of the approval's conditional update: the credit is still open for this order. */
export function creditStillFits(orderId: number, c: CreditUsed): SQL {
  const states = sql.join(
    c.states.map((x) => sql`${x}`),
    sql`, `,
  );
  return sql`EXISTS (SELECT 1 FROM statement_lines WHERE id = ${c.lineId} AND order_id = ${orderId} AND state IN (${states}))`;
}

/** The credit becomes 'approved' for the order, only if the approval made the change; its flag is settled. */
export const creditApproved = (orderId: number, c: CreditUsed, made: Guard) =>
  raw(
    `UPDATE statement_lines SET state = 'approved', flag = NULL, flag_order_id = NULL, candidate_ids = NULL,
       updated_at = ${NOW} WHERE id = ? AND order_id = ? AND ${made.sql}`,
    c.lineId,
    orderId,
    ...made.params,
  );

/** What the audit row of an approval says about the credit it used. */
export const creditDetails = (c: CreditUsed) => ({
  statementLineId: c.lineId,
  creditReference: c.reference,
  creditDate: c.date,
  creditAmountPaise: c.amountPaise,
});

/**
 * A rejected transfer lets go of every credit that fitted it: each returns to "unmatched, money received",
 * flagged for the treasurer with the order it had fitted. Only if the rejection made the change.
 */
export const creditsFollowRejection = (orderId: number, made: Guard) =>
  raw(
    `UPDATE statement_lines SET flag = 'order_rejected', flag_order_id = order_id, order_id = NULL,
       expected_paise = NULL, state = 'unmatched', updated_at = ${NOW}
     WHERE order_id = ? AND state <> 'unmatched' AND ${made.sql}`,
    orderId,
    ...made.params,
  );

/**
 * After a refund's recomputation (transitions/refunds.ts effects): a credit approved for an order refunded in
 * full returns to "unmatched, money received", flagged; one whose order is partly refunded stays approved (it
 * still pays for the rest) and is flagged. Idempotent, like the recomputation it follows.
 */
export const creditsFollowRefunds = (orderId: number) => [
  raw(
    `UPDATE statement_lines SET flag = 'order_refunded', flag_order_id = order_id, order_id = NULL,
       state = 'unmatched', updated_at = ${NOW}
     WHERE order_id = ? AND state = 'approved'
       AND EXISTS (SELECT 1 FROM orders WHERE id = ? AND refund_state = 'Refunded')`,
    orderId,
    orderId,
  ),
  raw(
    `UPDATE statement_lines SET flag = 'order_partly_refunded', flag_order_id = order_id, updated_at = ${NOW}
     WHERE order_id = ? AND state = 'approved' AND flag IS NULL
       AND EXISTS (SELECT 1 FROM orders WHERE id = ? AND refund_state = 'Partially Refunded')`,
    orderId,
    orderId,
  ),
];
