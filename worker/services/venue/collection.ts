// Venue pass collection, the writes (DECISIONS.md, Accounts and orders): a pass order is collected once, as a
// whole. Online: idempotent per nonce, a second attempt is refused with who and when. Offline uploads: recorded,
// never refused, duplicates by nonce change nothing, a pass collected twice is flagged and the earliest
// collection counts. All writes are conditional statements in one D1 batch with their audit row, and the batch's
// result decides (docs/decisions/070). The reads (sync, search, conflicts) are in venue-read.ts.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  collectionUploadItem,
  MarkCollectedResponse,
  UploadCollectionsResponse,
  UploadResult,
  VenuePass,
} from '../../../core/contracts/venue';
import { formatRcptId, parseRcptId } from '../../../core/ids';
import { ORDER_STATUS, type OrderStatus } from '../../../core/orders';
import { collectionEvents, orderLines, orders } from '../../../schema/index';
import { randomToken } from '../../lib/crypto';
import { runBatch, type Statement } from '../../lib/d1-batch';
import type { Db } from '../../lib/db';
import { badRequest, conflict, DomainError, notFound, say, told } from '../../lib/errors';
import { log } from '../../lib/log';
import type { Actor } from '../../lib/session';
import type { Svc } from '../../lib/svc';
import { collectEarliest, collectOnline, uncollect } from '../transitions/collection';
import { chunks, forDesk, lineColumns, type PassRow, passQueries, selectPasses, toPass } from './venue-read';
import type { UndoCollectionResponse } from '../../../core/contracts/venue';

const alreadyCollected = (p: { collectedAt: number | null; collectedBy: string | null }) =>
  new DomainError(
    'AlreadyCollected',
    say('venue.alreadyCollected', { collectedAt: p.collectedAt ?? '', volunteer: p.collectedBy ?? '?' }),
    409,
  );

/** A collection event and its audit row, each inserted only if the nonce is new (retries change nothing). */
function recordStatements(
  db: Db,
  e: {
    orderId: number;
    nonce: string;
    deviceId: string | null;
    volunteerId: number;
    happenedAt: number;
    source: 'online' | 'offline';
    /** online: only while the pass is still to collect (and, when given, for this contributor's email) */
    onlyIfCollectable: { email: string | null } | false;
  },
) {
  const details = JSON.stringify({
    orderRcptId: formatRcptId(e.orderId),
    nonce: e.nonce,
    deviceId: e.deviceId,
    happenedAt: e.happenedAt,
    source: e.source,
  });
  // checked again by the UPDATE after these two, which also needs this tap's own event
  const email = e.onlyIfCollectable && e.onlyIfCollectable.email !== null ? e.onlyIfCollectable.email : null;
  const collectable = e.onlyIfCollectable
    ? sql`AND EXISTS (SELECT 1 FROM orders WHERE id = ${e.orderId} AND status = 'Success' AND pass_collected = 0
        AND pass_void = 0 ${email === null ? sql`` : sql`AND lower(user_email) = ${email}`})`
    : sql``;
  return [
    db.run(sql`INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
      SELECT ${e.volunteerId}, 'pass.collected', 'order', ${String(e.orderId)}, ${details}
      WHERE NOT EXISTS (SELECT 1 FROM collection_events WHERE nonce = ${e.nonce}) ${collectable}`),
    db.run(sql`INSERT INTO collection_events (order_id, nonce, device_id, volunteer_id, happened_at, source, is_conflict)
      SELECT ${e.orderId}, ${e.nonce}, ${e.deviceId}, ${e.volunteerId}, ${e.happenedAt}, ${e.source}, 0
      WHERE true ${collectable}
      ON CONFLICT (nonce) DO NOTHING`),
  ] as const;
}

/**
 * Re-derives the conflict flags of one order's collections: the collection the order counts (its
 * collected_at and collected_by) is the one not flagged; every other one is, with the reason.
 */
function reflagStatement(db: Db, orderId: number) {
  return db.run(sql`UPDATE collection_events SET
      is_conflict = CASE WHEN id IS w.winner OR undone_at IS NOT NULL THEN 0 ELSE 1 END,
      conflict_reason = CASE
        WHEN id IS w.winner THEN NULL
        WHEN undone_at IS NOT NULL THEN 'undone'
        WHEN w.status IS NOT 'Success' THEN 'not_paid'
        WHEN w.pass_collected IS NULL THEN 'no_passes'
        WHEN w.pass_void = 1 THEN 'refunded'
        ELSE 'collected_earlier' END
    FROM (
      SELECT o.status, o.pass_collected, o.pass_void, (
        SELECT e.id FROM collection_events e
        WHERE e.order_id = o.id AND o.status = 'Success' AND o.pass_collected = 1
          AND e.happened_at = o.collected_at AND e.volunteer_id = o.collected_by AND e.undone_at IS NULL
        ORDER BY e.id LIMIT 1
      ) AS winner
      FROM orders o WHERE o.id = ${orderId}
    ) AS w
    WHERE collection_events.order_id = ${orderId}`);
}

export type Tap = {
  orderId: number;
  nonce: string;
  deviceId: string | null;
  volunteerId: number;
  happenedAt: number;
  /** the contributor's email the old admin client sends with the id, lower case; null when not sent */
  email: string | null;
};

/**
 * The one batch of an online tap (docs/decisions/070, 111): the audit row and the event, inserted only while the
 * pass is still to collect; the UPDATE that collects it, only with this tap's own event; then the pass as the
 * batch left it and what the nonce already did, so that the batch's answer decides without another read.
 * Results: [audit, event, update, pass, lines, this tap's event, the nonce's event].
 */
export function collectStatements(db: Db, tap: Tap) {
  const { orderId, nonce, volunteerId, happenedAt } = tap;
  return [
    ...recordStatements(db, { ...tap, source: 'online', onlyIfCollectable: { email: tap.email } }),
    // only with this tap's own event (transitions/collection.ts)
    collectOnline(db, { orderId, nonce, volunteerId, happenedAt }),
    ...passQueries(db, orderId),
    db
      .select({ id: collectionEvents.id, undoneAt: collectionEvents.undoneAt })
      .from(collectionEvents)
      .where(
        and(
          eq(collectionEvents.nonce, nonce),
          eq(collectionEvents.orderId, orderId),
          eq(collectionEvents.volunteerId, volunteerId),
        ),
      )
      .limit(1),
    db
      .select({ orderId: collectionEvents.orderId, volunteerId: collectionEvents.volunteerId })
      .from(collectionEvents)
      .where(eq(collectionEvents.nonce, nonce))
      .limit(1),
  ] as const;
}

/** /markCouponCollected: online, one tap at the gate or in the admin console. */
export async function markCollected(
  s: Svc,
  actor: Actor,
  input: {
    userName?: string | null;
    userEmail?: string | null;
    orderRcptId: string | number;
    nonce?: string | null;
    happenedAt?: number | null;
    deviceId?: string | null;
  },
): Promise<MarkCollectedResponse> {
  const orderId = parseRcptId(input.orderRcptId);
  if (!orderId) throw badRequest(say('venue.badRcptId'));
  const rcpt = formatRcptId(orderId);
  const nonce = input.nonce ?? `srv-${randomToken(12)}`;
  const now = Date.now();
  // online the server's clock decides; a tap the phone timed a moment earlier (slow network) keeps its time
  const happenedAt =
    input.happenedAt && input.happenedAt <= now && input.happenedAt > now - 3_600_000 ? input.happenedAt : now;
  // the old admin client sends the contributor's email with the id: a mistyped id must not collect someone else's pass
  const email = input.userEmail ? input.userEmail.trim().toLowerCase() : null;
  const [, , update, passRows, lineRows, mineRows, usedRows] = await runBatch(
    s.db,
    collectStatements(s.db, {
      orderId,
      nonce,
      deviceId: input.deviceId ?? null,
      volunteerId: actor.userId,
      happenedAt,
      email,
    }),
  );
  const order = passRows[0] as PassRow | undefined;
  if (!order) throw notFound(say('venue.notFound', { rcpt }));
  const pass = toPass(order, lineRows);
  // the count includes the updated_at trigger's own change (migrations/0040)
  if (update.meta.changes > 0) return collectedAnswer(pass, actor.isAdmin);
  if (email !== null && email !== order.email.toLowerCase()) throw badRequest(say('venue.emailMismatch', { rcpt }));
  if (order.passCollected === null) throw conflict('NoPasses', say('venue.noPasses', { rcpt }));
  if (order.status !== ORDER_STATUS.success)
    throw conflict('NotPaid', say('venue.notPaid', { rcpt, status: order.status }));
  if (order.passVoid === 1) throw conflict('Refunded', say('venue.refunded', { rcpt }));
  // Already collected (before, or a moment ago by someone else). The same tap retried is answered as it was.
  const mine = mineRows[0];
  // this very tap was taken back (decision 153): sending it again does not collect the pass
  if (mine?.undoneAt != null) throw conflict('CollectionUndone', say('venue.tapUndone'));
  if (mine && pass.passCollected === 1) return collectedAnswer(pass, actor.isAdmin);
  if (!mine && input.nonce) {
    const used = usedRows[0];
    if (used && (used.orderId !== orderId || used.volunteerId !== actor.userId)) {
      throw conflict('NonceReused', say('venue.nonceReused'));
    }
  }
  throw alreadyCollected(pass);
}

/** The answer to a tap; a volunteer's copy of the pass leaves the contributor's email out (forDesk). */
function collectedAnswer(pass: VenuePass, isAdmin: boolean): MarkCollectedResponse {
  return {
    orderRcptId: pass.orderRcptId,
    passCollected: 1,
    collectedAt: pass.collectedAt!,
    collectedBy: pass.collectedBy ?? '',
    ...told('venue.collected', { rcpt: pass.orderRcptId, qty: pass.qty }),
    pass: forDesk(pass, isAdmin),
  };
}

type UploadItem = z.output<typeof collectionUploadItem>;

/** /uploadCollections: a phone's offline queue. Recorded, never refused; the earliest collection counts. */
export async function uploadCollections(
  s: Svc,
  actor: Actor,
  input: { items: UploadItem[]; deviceId?: string | null },
): Promise<UploadCollectionsResponse> {
  // the same nonce twice in one upload is one collection
  const items = [...new Map(input.items.map((i) => [i.nonce, i])).values()];

  // resolve every item to an order: by pass code (what a QR gives) or by contribution id
  const codes = [...new Set(items.flatMap((i) => (i.passCode ? [i.passCode] : [])))];
  const ids = [
    ...new Set(items.flatMap((i) => (i.passCode || i.orderRcptId == null ? [] : [parseRcptId(i.orderRcptId) ?? 0]))),
  ].filter((n) => n > 0);
  type Found = {
    id: number;
    passCode: string | null;
    status: OrderStatus;
    passCollected: number | null;
    createdAt: number;
  };
  const found: Found[] = [];
  const cols = {
    id: orders.id,
    passCode: orders.passCode,
    status: orders.status,
    passCollected: orders.passCollected,
    createdAt: orders.createdAt,
  };
  for (const c of chunks(codes))
    found.push(...(await s.db.select(cols).from(orders).where(inArray(orders.passCode, c))));
  for (const c of chunks(ids)) found.push(...(await s.db.select(cols).from(orders).where(inArray(orders.id, c))));
  const byCode = new Map(found.filter((o) => o.passCode).map((o) => [o.passCode!, o]));
  const byId = new Map(found.map((o) => [o.id, o]));
  const orderOf = (i: UploadItem) =>
    i.passCode ? byCode.get(i.passCode) : byId.get(parseRcptId(i.orderRcptId ?? '') ?? 0);

  const seen = new Set<string>();
  for (const c of chunks(items.map((i) => i.nonce))) {
    const rows = await s.db
      .select({ nonce: collectionEvents.nonce })
      .from(collectionEvents)
      .where(inArray(collectionEvents.nonce, c));
    for (const r of rows) seen.add(r.nonce);
  }

  const now = Date.now();
  const statements: Statement[] = [];
  const touched = new Set<number>();
  for (const item of items) {
    const order = orderOf(item);
    if (seen.has(item.nonce)) continue;
    if (!order) {
      // no order to attach it to (a forged or foreign QR): kept in the audit log, once per nonce, for the admins
      const details = JSON.stringify({
        ...item,
        volunteerId: actor.userId,
        deviceId: item.deviceId ?? input.deviceId ?? null,
      });
      statements.push(
        s.db.run(sql`INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
          SELECT ${actor.userId}, 'pass.collect_unknown', 'collection', ${item.nonce}, ${details}
          WHERE NOT EXISTS (SELECT 1 FROM audit_log WHERE entity_type = 'collection' AND entity_id = ${item.nonce})`),
      );
      continue;
    }
    // a phone's clock running ahead cannot put a collection in the future
    // nor, with its clock behind, before the order existed (it would wrongly win every conflict)
    const happenedAt = Math.max(Math.min(item.happenedAt, now), order.createdAt);
    const volunteerId = actor.userId;
    statements.push(
      ...recordStatements(s.db, {
        orderId: order.id,
        nonce: item.nonce,
        deviceId: item.deviceId ?? input.deviceId ?? null,
        volunteerId,
        happenedAt,
        source: 'offline',
        onlyIfCollectable: false,
      }),
      // the earliest collection counts: it sets (or moves back) the order's collected_at and collected_by
      collectEarliest(s.db, { orderId: order.id, nonce: item.nonce, volunteerId, happenedAt }),
    );
    touched.add(order.id);
  }
  for (const orderId of touched) statements.push(reflagStatement(s.db, orderId));
  const [first, ...rest] = statements;
  if (first) await runBatch(s.db, [first, ...rest]);

  // answer from what is stored now, so a second upload of the same queue reads the same
  const events = new Map<string, { orderId: number; isConflict: boolean }>();
  for (const c of chunks(items.map((i) => i.nonce))) {
    const rows = await s.db
      .select({
        nonce: collectionEvents.nonce,
        orderId: collectionEvents.orderId,
        isConflict: collectionEvents.isConflict,
      })
      .from(collectionEvents)
      .where(inArray(collectionEvents.nonce, c));
    for (const r of rows) events.set(r.nonce, r);
  }
  const orderIds = [...new Set([...events.values()].map((e) => e.orderId))];
  const state = new Map<number, { collectedAt: number | null; collectedBy: string | null }>();
  for (const c of chunks(orderIds)) {
    const rows = (await selectPasses(s.db).where(inArray(orders.id, c))) as PassRow[];
    for (const r of rows) state.set(r.id, r);
  }

  const results: UploadResult[] = items.map((item) => {
    const e = events.get(item.nonce);
    if (!e) {
      log('warn', 'venue.upload_unknown', {
        nonce: item.nonce,
        passCode: item.passCode,
        orderRcptId: item.orderRcptId,
      });
      return { nonce: item.nonce, status: 'unknown', orderRcptId: null, collectedAt: null, collectedBy: null };
    }
    const st = state.get(e.orderId);
    return {
      nonce: item.nonce,
      status: seen.has(item.nonce) ? 'duplicate' : e.isConflict ? 'conflict' : 'recorded',
      orderRcptId: formatRcptId(e.orderId),
      collectedAt: st?.collectedAt ?? null,
      collectedBy: st?.collectedBy ?? null,
    };
  });
  const count = (k: UploadResult['status']) => results.filter((r) => r.status === k).length;
  return {
    results,
    recorded: count('recorded'),
    duplicates: count('duplicate'),
    conflicts: count('conflict'),
    unknown: count('unknown'),
  };
}

/**
 * How long after a tap its volunteer may take it back (docs/decisions/153). The phone offers "Undo" for 8 s; the
 * database allows a little more for the request to arrive on a slow network, and decides by its own clock.
 */
export const UNDO_WINDOW_MS = 30_000;

/**
 * /undoCollection: a mistaken "Mark as Collected" taken back. One batch, whose first statement decides: the event
 * is marked undone only if it is this volunteer's, recorded within UNDO_WINDOW_MS, still the collection the order
 * counts and the order's only one (a pass also collected on another phone is for the admins' conflicts list); the
 * order is then un-collected and audited, both guarded on the mark this request wrote. The event stays, so that
 * its nonce, uploaded again from a phone's outbox, cannot collect the pass a second time. A retried undo of the
 * same tap answers as the first did.
 */
export async function undoCollection(s: Svc, actor: Actor, input: { nonce: string }): Promise<UndoCollectionResponse> {
  const { nonce } = input;
  const mark = Date.now();
  const event = sql`(SELECT order_id FROM collection_events WHERE nonce = ${nonce})`;
  const [undone, , , eventRows, passRows, lineRows] = await runBatch(s.db, [
    s.db.run(sql`UPDATE collection_events SET undone_at = ${mark}, conflict_reason = 'undone'
      WHERE nonce = ${nonce} AND volunteer_id = ${actor.userId} AND undone_at IS NULL
        AND recorded_at >= CAST(unixepoch('subsec') * 1000 AS INTEGER) - ${UNDO_WINDOW_MS}
        AND EXISTS (SELECT 1 FROM orders o WHERE o.id = collection_events.order_id AND o.pass_collected = 1
          AND o.collected_by = ${actor.userId} AND o.collected_at = collection_events.happened_at)
        AND NOT EXISTS (SELECT 1 FROM collection_events other WHERE other.order_id = collection_events.order_id
          AND other.id <> collection_events.id AND other.undone_at IS NULL)`),
    // the audit row right after the update it records, only if that update changed the event: `mark` is a time,
    // which a parallel undo of the same millisecond shares, so it cannot tell this call's change from another's
    s.db.run(sql`INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
      SELECT ${actor.userId}, 'pass.collection_undone', 'order', CAST(order_id AS TEXT),
        json_object('nonce', nonce, 'happenedAt', happened_at, 'source', source, 'deviceId', device_id)
      FROM collection_events WHERE nonce = ${nonce} AND undone_at = ${mark} AND changes() = 1`),
    uncollect(s.db, { orderId: event, nonce, mark }),
    s.db
      .select({
        orderId: collectionEvents.orderId,
        volunteerId: collectionEvents.volunteerId,
        undoneAt: collectionEvents.undoneAt,
      })
      .from(collectionEvents)
      .where(eq(collectionEvents.nonce, nonce))
      .limit(1),
    selectPasses(s.db).where(sql`${orders.id} = ${event}`).limit(1),
    s.db.select(lineColumns).from(orderLines).where(sql`${orderLines.orderId} = ${event}`).orderBy(orderLines.id),
  ] as const);
  const e = eventRows[0];
  const order = passRows[0] as PassRow | undefined;
  if (!e || !order) throw notFound(say('venue.undoNotFound'));
  const pass = toPass(order, lineRows);
  const answer = () => ({
    orderRcptId: pass.orderRcptId,
    ...told('venue.undoneServer', { rcpt: pass.orderRcptId }),
    pass: forDesk(pass, actor.isAdmin),
  });
  if (undone.meta.changes > 0) return answer();
  // the same undo again (its answer was lost): the pass is as the first one left it
  if (e.undoneAt !== null && e.volunteerId === actor.userId) return answer();
  throw conflict('UndoRefused', say('venue.undoRefused', { seconds: UNDO_WINDOW_MS / 1000 }));
}
