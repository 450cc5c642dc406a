// A pass's collection written on its order (docs/decisions/070, 111, 153): pass_collected, collected_at and
// collected_by. Each statement is guarded on the collection event the same batch wrote (or marked undone), so an
// order is never collected or un-collected without its event and audit row; the callers in ../collection.ts build
// the batch around these statements and read its answer. Here because they write the orders table, which only the
// transitions module writes (docs/decisions/181).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db';

type Collect = { orderId: number; nonce: string; volunteerId: number; happenedAt: number };

/** An online tap: collects a paid pass still to collect, only with this tap's own event. */
export const collectOnline = (db: Db, { orderId, nonce, volunteerId, happenedAt }: Collect) =>
  // only with this tap's own event: a nonce already used for another order records nothing, so it
  // must not collect the pass either (no pass is ever collected without its event and audit row)
  db.run(sql`UPDATE orders SET pass_collected = 1, collected_at = ${happenedAt}, collected_by = ${volunteerId}
      WHERE id = ${orderId} AND status = 'Success' AND pass_collected = 0 AND pass_void = 0
        AND EXISTS (SELECT 1 FROM collection_events WHERE nonce = ${nonce} AND order_id = ${orderId}
          AND undone_at IS NULL)`);

/** A tap uploaded from a phone's outbox: the earliest collection counts. */
export const collectEarliest = (db: Db, { orderId, nonce, volunteerId, happenedAt }: Collect) =>
  // the earliest collection counts: it sets (or moves back) the order's collected_at and collected_by
  db.run(sql`UPDATE orders SET pass_collected = 1, collected_at = ${happenedAt}, collected_by = ${volunteerId}
        WHERE id = ${orderId} AND status = 'Success' AND pass_collected IS NOT NULL AND pass_void = 0
          AND (pass_collected = 0 OR collected_at IS NULL OR collected_at > ${happenedAt})
          AND EXISTS (SELECT 1 FROM collection_events WHERE nonce = ${nonce} AND order_id = ${orderId}
            AND volunteer_id = ${volunteerId} AND happened_at = ${happenedAt} AND undone_at IS NULL)`);

/** An undone tap: the order un-collected, only if this request's `mark` undid the nonce's event. */
export const uncollect = (db: Db, { orderId, nonce, mark }: { orderId: SQL; nonce: string; mark: number }) =>
  db.run(sql`UPDATE orders SET pass_collected = 0, collected_at = NULL, collected_by = NULL
      WHERE id = ${orderId} AND pass_collected = 1
        AND EXISTS (SELECT 1 FROM collection_events WHERE nonce = ${nonce} AND undone_at = ${mark})`);
