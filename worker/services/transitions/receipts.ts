// Numbered receipts and credit notes (docs/decisions/260). Their statements go into the batch of the
// transition they record: a receipt into confirmLoaded's (the only way an order becomes Success: online capture,
// webhook, reconciler, transfer approval, a future gate sale), a credit note into the batch that settles a refund
// as paid back. Each raises its series' counter of the festival year by one and inserts the row numbered with it,
// both under the transition's own guard (the token its update wrote) and only while the order (refund) has no
// receipt (credit note) yet: a batch is one transaction, so a number is issued once, with its receipt, in order
// of the batches, without a gap; a replayed or refused confirmation writes neither.
import type { Guard } from '../../lib/audit';
import { type RawStatement, raw } from '../../lib/d1-batch';

/** The receipt that counts for an order: its own, or for a carried-in order the one of the order it came from. */
export const receiptOfOrderSql = (orderIdSql: string) =>
  `(SELECT x.id FROM receipts x WHERE x.kind = 'receipt' AND x.order_id = coalesce(
     (SELECT c.order_id FROM refunds c WHERE c.carried_to_order_id = ${orderIdSql} LIMIT 1), ${orderIdSql}))`;

/** Receipt number: '<festival year>/<6 digits>'; a credit note's: 'CN/<festival year>/<6 digits>'. */
export const RECEIPT_NUMBER_SQL = (yearSql: string, seqSql: string) => `${yearSql} || '/' || printf('%06d', ${seqSql})`;
export const CREDIT_NOTE_NUMBER_SQL = (yearSql: string, seqSql: string) =>
  `'CN/' || ${yearSql} || '/' || printf('%06d', ${seqSql})`;

/** An order by its id, or by its checkout key when the same batch inserts it (a gate sale's `gate:<nonce>`). */
export type OrderRef = number | { checkoutKey: string };

const orderIdOf = (ref: OrderRef): [string, unknown[]] =>
  typeof ref === 'number' ? ['?', [ref]] : ['(SELECT id FROM orders WHERE checkout_key = ?)', [ref.checkoutKey]];

/**
 * The receipt of an order that `guard` says has just become Success in this batch. Put after the order's update
 * (or, for an order the batch inserts, after the insert).
 */
export function issueReceipt(order: OrderRef, fiscalYear: string, guard: Guard, at: number): RawStatement[] {
  const [id, idParams] = orderIdOf(order);
  const none = `NOT EXISTS (SELECT 1 FROM receipts WHERE kind = 'receipt' AND order_id = ${id})`;
  return [
    raw(`INSERT OR IGNORE INTO receipt_counters (series, fiscal_year, last) VALUES ('R', ?, 0)`, fiscalYear),
    raw(
      `UPDATE receipt_counters SET last = last + 1 WHERE series = 'R' AND fiscal_year = ? AND ${guard.sql} AND ${none}`,
      fiscalYear,
      ...guard.params,
      ...idParams,
    ),
    raw(
      `INSERT INTO receipts (kind, fiscal_year, seq, number, order_id, amount_paise, mode, reference, payer_name,
         billing_name, pan, gstin, issued_at)
       SELECT 'receipt', o.fiscal_year, c.last, ${RECEIPT_NUMBER_SQL('o.fiscal_year', 'c.last')}, o.id, o.total_paise,
         o.payment_type, o.transaction_id, o.user_name, o.billing_name, o.billing_pan, o.billing_gstin, ?
       FROM orders o CROSS JOIN receipt_counters c ON c.series = 'R' AND c.fiscal_year = o.fiscal_year
       WHERE o.id = ${id} AND o.fiscal_year = ? AND ${guard.sql} AND ${none}`,
      at,
      ...idParams,
      fiscalYear,
      ...guard.params,
      ...idParams,
    ),
  ];
}

/**
 * The credit note of the refund `refund` selects (a condition on `r`, e.g. the token its settling update wrote),
 * written only once that refund is processed money going back (not a carry-over) and has none yet. Numbered in the
 * festival year of the order it refunds; it names that order's receipt.
 */
export function issueCreditNote(refund: Guard, at: number): RawStatement[] {
  const due = `r.status = 'processed' AND r.method <> 'carry_over' AND NOT EXISTS (SELECT 1 FROM receipts WHERE refund_id = r.id)`;
  const from = `FROM refunds r CROSS JOIN orders o ON o.id = r.order_id WHERE (${refund.sql}) AND ${due}`;
  return [
    raw(
      `INSERT OR IGNORE INTO receipt_counters (series, fiscal_year, last) SELECT 'CN', o.fiscal_year, 0 ${from}`,
      ...refund.params,
    ),
    raw(
      `UPDATE receipt_counters SET last = last + 1 WHERE series = 'CN' AND fiscal_year = (SELECT o.fiscal_year ${from})`,
      ...refund.params,
    ),
    raw(
      `INSERT INTO receipts (kind, fiscal_year, seq, number, order_id, refund_id, receipt_id, amount_paise, mode,
         reference, payer_name, billing_name, pan, gstin, issued_at)
       SELECT 'credit_note', o.fiscal_year, c.last, ${CREDIT_NOTE_NUMBER_SQL('o.fiscal_year', 'c.last')}, o.id, r.id,
         ${receiptOfOrderSql('o.id')}, r.amount_paise, CASE WHEN r.method = 'razorpay' THEN 'Online' ELSE 'Offline' END,
         coalesce(r.provider_refund_id, r.reference), o.user_name, o.billing_name, o.billing_pan, o.billing_gstin, ?
       FROM refunds r CROSS JOIN orders o ON o.id = r.order_id
         CROSS JOIN receipt_counters c ON c.series = 'CN' AND c.fiscal_year = o.fiscal_year
       WHERE (${refund.sql}) AND ${due}`,
      at,
      ...refund.params,
    ),
  ];
}
