// Venue pass reads: the pass a volunteer's phone keeps, the delta sync, the search and the admins' conflicts
// list (DECISIONS.md, Accounts and orders). The writes (a tap at the gate, a phone's offline queue) are in
// collection.ts, which answers with the pass shaped here.
import { and, asc, desc, eq, gt, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { CollectionConflict, VenuePass, VenueSyncResponse } from '../../../core/contracts/venue';
import { festivalYear } from '../../../core/festival';
import { formatRcptId } from '../../../core/ids';
import type { OrderStatus } from '../../../core/orders';
import { isPassLine, passUnits } from '../../../core/pass-qr';
import { parseVenueQuery } from '../../../core/venue-search';
import { collectionEvents, orderLines, orders, users } from '../../../schema/index';
import type { Db } from '../../lib/db';
import type { Actor } from '../../lib/session';
import type { Svc } from '../../lib/svc';

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

export type PassRow = {
  id: number;
  passCode: string | null;
  status: OrderStatus;
  name: string;
  mobile: string;
  email: string;
  passCollected: number | null;
  collectedAt: number | null;
  collectedBy: string | null;
  updatedAt: number;
  passVoid: number;
};

export function chunks<T>(list: T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export function selectPasses(db: Db) {
  return db.select(passColumns).from(orders).leftJoin(collector, eq(collector.id, orders.collectedBy));
}

export type LineRow = { orderId: number; type: string; code: string; name: string; qty: number; refundedQty: number };

export function toPass(o: PassRow, lines: LineRow[]): VenuePass {
  // refunded units are not handed out (migrations/0080), nor units being refunded (0145: lineColumns)
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

export const lineColumns = {
  orderId: orderLines.orderId,
  type: orderLines.type,
  code: orderLines.code,
  name: orderLines.name,
  qty: orderLines.qty,
  // units of a refund that has not failed are not handed out, from the moment it is asked for (decision 145)
  refundedQty: orderLines.withheldQty,
};

export async function withLines(db: Db, rows: PassRow[]): Promise<VenuePass[]> {
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

/**
 * One pass order and its lines as statements for a caller's batch (a write answers with the pass it left, read in
 * the same transaction); toPass() shapes their answers.
 */
export function passQueries(db: Db, orderId: number) {
  return [
    selectPasses(db).where(eq(orders.id, orderId)).limit(1),
    db.select(lineColumns).from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id),
  ] as const;
}

const yearPasses = (year: string) => and(eq(orders.fiscalYear, year), isNotNull(orders.passCode));

/**
 * /getVenuePasses: the festival year's pass orders changed since a cursor ("<updatedAt>:<id>"), oldest
 * change first. Rows changed within SYNC_SETTLE_MS are held back for the next call, so that a write
 * committed late with an earlier timestamp is never skipped.
 */
export async function syncPasses(
  s: Svc,
  actor: Promise<Actor>,
  input: { cursor?: string | null; limit?: number | null },
): Promise<VenueSyncResponse> {
  actor.catch(() => {}); // the verdict, awaited below: never an unhandled rejection while the reads run
  const { db } = s;
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
  const [passes, { isAdmin }] = await Promise.all([withLines(db, page), actor]);
  return {
    rows: passes.map((p) => forDesk(p, isAdmin)),
    cursor: last ? `${last.updatedAt}:${last.id}` : (input.cursor ?? null),
    more,
    fiscalYear: year,
  };
}

/**
 * /searchVenuePasses: by mobile, email, contribution id, pass code or name, this festival year
 * (core/venue-search.ts reads the text as the phone does). A name is matched by the start of the buyer's name
 * (orders_year_name_idx), narrowed by the mobile's digits or the contribution id typed with it; the phone's own
 * copy also finds later words of a name (a surname), and the screen shows both answers.
 */
export async function searchPasses(s: Svc, actor: Promise<Actor>, input: { q: string }): Promise<VenuePass[]> {
  actor.catch(() => {}); // the verdict, awaited below: never an unhandled rejection while the reads run
  const { db } = s;
  const q = parseVenueQuery(input.q);
  const conditions: SQL[] = [];
  if (q?.email) conditions.push(eq(orders.userEmail, q.email));
  if (q?.mobile && q.mobile.length >= 8) conditions.push(eq(orders.userMobile, q.mobile));
  if (q?.rcptId) conditions.push(eq(orders.id, q.rcptId));
  if (q?.passCode) conditions.push(eq(orders.passCode, input.q.trim()));
  const name = q ? namePrefix(input.q) : '';
  if (name) {
    const lowerName = sql`lower(${orders.userName})`;
    conditions.push(
      and(
        sql`${lowerName} >= ${name}`,
        sql`${lowerName} < ${`${name}\u{10FFFF}`}`,
        ...q!.digits.map((d) => sql`instr(${orders.userMobile}, ${d}) > 0`),
        ...q!.ids.map((id) => eq(orders.id, id)),
      )!,
    );
  }
  if (conditions.length === 0) {
    await actor;
    return [];
  }
  const rows = (await selectPasses(db)
    .where(and(yearPasses(festivalYear()), or(...conditions)))
    .orderBy(desc(orders.id))
    .limit(SEARCH_LIMIT)
    .all()) as PassRow[];
  const [passes, { isAdmin }] = await Promise.all([withLines(db, rows), actor]);
  return passes.map((p) => forDesk(p, isAdmin));
}

/** The name part of a query ("Ananya Sen 4321" -> "ananya sen"), lower case, as the index holds names. */
function namePrefix(text: string): string {
  const words = text
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => !/^\d+$/.test(w) && !/^smt\d+$/.test(w) && !w.includes('@'));
  const phoneLike = /^[\d\s+-]+$/.test(text.trim());
  return phoneLike ? '' : words.join(' ');
}

/** /getCollectionConflicts: every pass collected more than once (or for an unpaid order), newest first. */
export async function listConflicts(s: Svc, input: { fiscalYear?: string | null }): Promise<CollectionConflict[]> {
  const { db } = s;
  const year = input.fiscalYear ?? festivalYear();
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
