// Venue pass collection (DECISIONS.md, Accounts and orders): a pass order is collected once, as a whole.
// Online: idempotent per nonce, a second attempt is refused with who and when. Offline uploads: recorded,
// never refused, duplicates by nonce change nothing, a pass collected twice is flagged and the earliest
// collection counts. All writes are conditional statements in one db.batch() with their audit row.
import { and, asc, desc, eq, gt, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { normalizeMobile } from '../../core/contracts/common';
import type {
  CollectionConflict,
  collectionUploadItem,
  MarkCollectedResponse,
  UploadCollectionsResponse,
  UploadResult,
  VenuePass,
  VenueSyncResponse,
} from '../../core/contracts/venue';
import { festivalYear, formatDateTime } from '../../core/festival';
import { t } from '../../core/i18n';
import { formatRcptId, parseRcptId } from '../../core/ids';
import { isPassLine, passUnits } from '../../core/pass-qr';
import { collectionEvents, orderLines, orders, users } from '../../schema/index';
import { randomToken } from '../lib/crypto';
import type { Db } from '../lib/db';
import { badRequest, conflict, DomainError, notFound } from '../lib/errors';
import { log } from '../lib/log';
import type { Actor } from '../lib/session';
import type { Svc } from '../lib/svc';
import type { z } from 'zod';

/** Rows changed in the last moments are held back from the delta sync until every write of that millisecond has committed. */
export const SYNC_SETTLE_MS = 2000;
export const DEFAULT_SYNC_PAGE = 500;
const SEARCH_LIMIT = 20;
// D1 binds at most 100 parameters per statement
const IN_CHUNK = 90;

const collector = alias(users, 'collector');

const passColumns = {
  id: orders.id,
  passCode: orders.passCode,
  status: orders.status,
  name: orders.userName,
  mobile: orders.userMobile,
  email: orders.userEmail,
  passCollected: orders.passCollected,
  collectedAt: orders.collectedAt,
  collectedBy: collector.name,
  updatedAt: orders.updatedAt,
  passVoid: orders.passVoid,
};

type PassRow = {
  id: number;
  passCode: string | null;
  status: string;
  name: string;
  mobile: string;
  email: string;
  passCollected: number | null;
  collectedAt: number | null;
  collectedBy: string | null;
  updatedAt: number;
  passVoid: number;
};

/**
 * Runs raw statements as one D1 batch (atomic, in order). drizzle 0.45's batch() cannot take db.run(sql)
 * items that carry parameters (it reads a prepared statement they do not have), so this binds them itself.
 */
async function rawBatch(s: Svc, statements: { getQuery(): { sql: string; params: unknown[] } }[]) {
  const d1 = s.env.DB;
  return d1.batch(
    statements.map((q) => {
      const { sql: text, params } = q.getQuery();
      return d1.prepare(text).bind(...params);
    }),
  );
}

function chunks<T>(list: T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

function selectPasses(db: Db) {
  return db.select(passColumns).from(orders).leftJoin(collector, eq(collector.id, orders.collectedBy));
}

type LineRow = { orderId: number; type: string; code: string; name: string; qty: number; refundedQty: number };

function toPass(o: PassRow, lines: LineRow[]): VenuePass {
  // refunded units are not handed out (migrations/0080)
  const passLines = lines
    .filter(isPassLine)
    .map((l) => ({ code: l.code, name: l.name, qty: l.qty - l.refundedQty }))
    .filter((l) => l.qty > 0);
  return {
    id: o.id,
    orderRcptId: formatRcptId(o.id),
    passCode: o.passCode ?? '',
    status: o.status,
    name: o.name,
    mobile: o.mobile,
    email: o.email,
    lines: passLines,
    qty: passUnits(passLines),
    passCollected: o.passCollected === null ? null : o.passCollected ? 1 : 0,
    collectedAt: o.collectedAt,
    collectedBy: o.collectedBy,
    refunded: o.passVoid === 1,
  };
}

/**
 * The copy of a pass a volunteer's phone keeps (and may lose at the venue): name, mobile, passes and
 * collection state. The email stays with admins (decision 072); the old field is kept, empty.
 */
export const forDesk = (p: VenuePass, isAdmin: boolean): VenuePass => (isAdmin ? p : { ...p, email: '' });

const lineColumns = {
  orderId: orderLines.orderId,
  type: orderLines.type,
  code: orderLines.code,
  name: orderLines.name,
  qty: orderLines.qty,
  refundedQty: orderLines.refundedQty,
};

async function withLines(db: Db, rows: PassRow[]): Promise<VenuePass[]> {
  const lines: LineRow[] = [];
  for (const ids of chunks(rows.map((r) => r.id))) {
    if (ids.length === 0) continue;
    lines.push(
      ...(await db
        .select(lineColumns)
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .orderBy(orderLines.orderId, orderLines.id)
        .all()),
    );
  }
  const byOrder = Map.groupBy(lines, (l) => l.orderId);
  return rows.map((o) => toPass(o, byOrder.get(o.id) ?? []));
}

async function loadPass(db: Db, orderId: number): Promise<VenuePass | null> {
  const row = (await selectPasses(db).where(eq(orders.id, orderId)).get()) as PassRow | undefined;
  if (!row) return null;
  return (await withLines(db, [row]))[0] ?? null;
}

const alreadyCollected = (p: { collectedAt: number | null; collectedBy: string | null }) =>
  new DomainError(
    'AlreadyCollected',
    t('venue.alreadyCollected', { time: formatDateTime(p.collectedAt), volunteer: p.collectedBy ?? '?' }),
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
    onlyIfCollectable: boolean;
  },
) {
  const details = JSON.stringify({
    orderRcptId: formatRcptId(e.orderId),
    nonce: e.nonce,
    deviceId: e.deviceId,
    happenedAt: e.happenedAt,
    source: e.source,
  });
  // online: only while the pass is still to collect (checked again by the UPDATE after these two)
  const collectable = e.onlyIfCollectable
    ? sql`AND EXISTS (SELECT 1 FROM orders WHERE id = ${e.orderId} AND status = 'Success' AND pass_collected = 0 AND pass_void = 0)`
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
      is_conflict = CASE WHEN id IS w.winner THEN 0 ELSE 1 END,
      conflict_reason = CASE
        WHEN id IS w.winner THEN NULL
        WHEN w.status IS NOT 'Success' THEN 'not_paid'
        WHEN w.pass_collected IS NULL THEN 'no_passes'
        WHEN w.pass_void = 1 THEN 'refunded'
        ELSE 'collected_earlier' END
    FROM (
      SELECT o.status, o.pass_collected, o.pass_void, (
        SELECT e.id FROM collection_events e
        WHERE e.order_id = o.id AND o.status = 'Success' AND o.pass_collected = 1
          AND e.happened_at = o.collected_at AND e.volunteer_id = o.collected_by
        ORDER BY e.id LIMIT 1
      ) AS winner
      FROM orders o WHERE o.id = ${orderId}
    ) AS w
    WHERE collection_events.order_id = ${orderId}`);
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
  if (!orderId) throw badRequest(t('venue.badRcptId'));
  const rcpt = formatRcptId(orderId);
  const order = await s.db
    .select({
      id: orders.id,
      status: orders.status,
      userEmail: orders.userEmail,
      passCollected: orders.passCollected,
      passVoid: orders.passVoid,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get();
  if (!order) throw notFound(t('venue.notFound', { rcpt }));
  // the old admin client sends the contributor's email with the id: a mistyped id must not collect someone else's pass
  if (input.userEmail && input.userEmail.trim().toLowerCase() !== order.userEmail.toLowerCase()) {
    throw badRequest(t('venue.emailMismatch', { rcpt }));
  }
  if (order.passCollected === null) throw conflict('NoPasses', t('venue.noPasses', { rcpt }));
  if (order.status !== 'Success') throw conflict('NotPaid', t('venue.notPaid', { rcpt, status: order.status }));
  if (order.passVoid === 1) throw conflict('Refunded', t('venue.refunded', { rcpt }));

  const nonce = input.nonce ?? `srv-${randomToken(12)}`;
  const now = Date.now();
  // online the server's clock decides; a tap the phone timed a moment earlier (slow network) keeps its time
  const happenedAt =
    input.happenedAt && input.happenedAt <= now && input.happenedAt > now - 3_600_000 ? input.happenedAt : now;

  if (order.passCollected === 0) {
    const [, , update] = await rawBatch(s, [
      ...recordStatements(s.db, {
        orderId,
        nonce,
        deviceId: input.deviceId ?? null,
        volunteerId: actor.userId,
        happenedAt,
        source: 'online',
        onlyIfCollectable: true,
      }),
      // only with this tap's own event: a nonce already used for another order records nothing, so it
      // must not collect the pass either (no pass is ever collected without its event and audit row)
      s.db.run(sql`UPDATE orders SET pass_collected = 1, collected_at = ${happenedAt}, collected_by = ${actor.userId}
        WHERE id = ${orderId} AND status = 'Success' AND pass_collected = 0 AND pass_void = 0
          AND EXISTS (SELECT 1 FROM collection_events WHERE nonce = ${nonce} AND order_id = ${orderId})`),
    ]);
    if (update?.meta.changes === 1) {
      const pass = (await loadPass(s.db, orderId))!;
      return collectedAnswer(pass);
    }
  }
  // Already collected (now or a moment ago by someone else). The same tap retried is answered as it was.
  const pass = (await loadPass(s.db, orderId))!;
  const mine = await s.db
    .select({ id: collectionEvents.id })
    .from(collectionEvents)
    .where(
      and(
        eq(collectionEvents.nonce, nonce),
        eq(collectionEvents.orderId, orderId),
        eq(collectionEvents.volunteerId, actor.userId),
      ),
    )
    .get();
  if (mine && pass.passCollected === 1) return collectedAnswer(pass);
  if (!mine && input.nonce) {
    const used = await s.db
      .select({ orderId: collectionEvents.orderId, volunteerId: collectionEvents.volunteerId })
      .from(collectionEvents)
      .where(eq(collectionEvents.nonce, nonce))
      .get();
    if (used && (used.orderId !== orderId || used.volunteerId !== actor.userId)) {
      throw conflict('NonceReused', t('venue.nonceReused'));
    }
  }
  throw alreadyCollected(pass);
}

function collectedAnswer(pass: VenuePass): MarkCollectedResponse {
  return {
    orderRcptId: pass.orderRcptId,
    passCollected: 1,
    collectedAt: pass.collectedAt!,
    collectedBy: pass.collectedBy ?? '',
    message: t('venue.collected', { rcpt: pass.orderRcptId, qty: pass.qty }),
    pass,
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
  type Found = { id: number; passCode: string | null; status: string; passCollected: number | null; createdAt: number };
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
  const statements = [];
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
      s.db.run(sql`UPDATE orders SET pass_collected = 1, collected_at = ${happenedAt}, collected_by = ${volunteerId}
        WHERE id = ${order.id} AND status = 'Success' AND pass_collected IS NOT NULL AND pass_void = 0
          AND (pass_collected = 0 OR collected_at IS NULL OR collected_at > ${happenedAt})
          AND EXISTS (SELECT 1 FROM collection_events WHERE nonce = ${item.nonce} AND order_id = ${order.id}
            AND volunteer_id = ${volunteerId} AND happened_at = ${happenedAt})`),
    );
    touched.add(order.id);
  }
  for (const orderId of touched) statements.push(reflagStatement(s.db, orderId));
  if (statements.length > 0) {
    await rawBatch(s, statements);
  }

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

const yearPasses = (year: string) => and(eq(orders.fiscalYear, year), isNotNull(orders.passCode));

/**
 * /getVenuePasses: the festival year's pass orders changed since a cursor ("<updatedAt>:<id>"), oldest
 * change first. Rows changed within SYNC_SETTLE_MS are held back for the next call, so that a write
 * committed late with an earlier timestamp is never skipped.
 */
export async function syncPasses(
  db: Db,
  input: { cursor?: string | null; limit?: number | null },
): Promise<VenueSyncResponse> {
  const year = festivalYear();
  const limit = input.limit ?? DEFAULT_SYNC_PAGE;
  const [tsText, idText] = (input.cursor ?? '0:0').split(':');
  const ts = Number(tsText);
  const id = Number(idText);
  const settled = sql`${orders.updatedAt} < CAST(unixepoch('subsec') * 1000 AS INTEGER) - ${SYNC_SETTLE_MS}`;
  const where = and(
    yearPasses(year),
    or(gt(orders.updatedAt, ts), and(eq(orders.updatedAt, ts), gt(orders.id, id))),
    settled,
  );
  const rows = (await selectPasses(db)
    .where(where)
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(limit + 1)
    .all()) as PassRow[];
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: await withLines(db, page),
    cursor: last ? `${last.updatedAt}:${last.id}` : (input.cursor ?? null),
    more,
    fiscalYear: year,
  };
}

/** /searchVenuePasses: by mobile, email, contribution id or pass code, this festival year. */
export async function searchPasses(db: Db, q: string): Promise<VenuePass[]> {
  const text = q.trim();
  const conditions: SQL[] = [];
  if (text.includes('@')) conditions.push(eq(orders.userEmail, text.toLowerCase()));
  const digits = normalizeMobile(text);
  if (/^[\d\s+-]+$/.test(text) && digits.length >= 8) conditions.push(eq(orders.userMobile, digits));
  const pk = /^smt\d+$/i.test(text) ? parseRcptId(text) : null;
  if (pk) conditions.push(eq(orders.id, pk));
  if (/^[A-Za-z0-9_-]{6,64}$/.test(text)) conditions.push(eq(orders.passCode, text));
  if (conditions.length === 0) return [];
  const rows = (await selectPasses(db)
    .where(and(yearPasses(festivalYear()), or(...conditions)))
    .orderBy(desc(orders.id))
    .limit(SEARCH_LIMIT)
    .all()) as PassRow[];
  return withLines(db, rows);
}

/** /getCollectionConflicts: every pass collected more than once (or for an unpaid order), newest first. */
export async function listConflicts(db: Db, fiscalYear?: string | null): Promise<CollectionConflict[]> {
  const year = fiscalYear ?? festivalYear();
  const flagged = await db
    .selectDistinct({ orderId: collectionEvents.orderId })
    .from(collectionEvents)
    .innerJoin(orders, eq(orders.id, collectionEvents.orderId))
    .where(and(eq(collectionEvents.isConflict, true), eq(orders.fiscalYear, year)))
    .limit(500)
    .all();
  if (flagged.length === 0) return [];
  const volunteer = alias(users, 'volunteer');
  const out: CollectionConflict[] = [];
  for (const ids of chunks(flagged.map((f) => f.orderId))) {
    const heads = (await selectPasses(db).where(inArray(orders.id, ids)).all()) as PassRow[];
    const events = await db
      .select({
        orderId: collectionEvents.orderId,
        nonce: collectionEvents.nonce,
        volunteer: volunteer.name,
        deviceId: collectionEvents.deviceId,
        happenedAt: collectionEvents.happenedAt,
        recordedAt: collectionEvents.recordedAt,
        source: collectionEvents.source,
        isConflict: collectionEvents.isConflict,
        reason: collectionEvents.conflictReason,
      })
      .from(collectionEvents)
      .innerJoin(volunteer, eq(volunteer.id, collectionEvents.volunteerId))
      .where(inArray(collectionEvents.orderId, ids))
      .orderBy(asc(collectionEvents.happenedAt), asc(collectionEvents.id))
      .all();
    const byOrder = Map.groupBy(events, (e) => e.orderId);
    for (const h of heads) {
      out.push({
        orderRcptId: formatRcptId(h.id),
        name: h.name,
        mobile: h.mobile,
        email: h.email,
        collectedAt: h.collectedAt,
        collectedBy: h.collectedBy,
        events: (byOrder.get(h.id) ?? []).map((e) => ({
          nonce: e.nonce,
          volunteer: e.volunteer,
          deviceId: e.deviceId,
          happenedAt: e.happenedAt,
          recordedAt: e.recordedAt,
          source: e.source,
          counted: !e.isConflict,
          reason: e.reason,
        })),
      });
    }
  }
  const latest = (c: CollectionConflict) => Math.max(0, ...c.events.map((e) => e.recordedAt));
  return out.sort((a, b) => latest(b) - latest(a));
}
