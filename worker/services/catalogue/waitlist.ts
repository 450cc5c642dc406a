// The waiting list of a sold-out product (docs/decisions/246): members join with the units they
// want; when units free up (a refund, an expired hold, a given-up order, more capacity) the first in line is
// offered them: the units are taken for the offer (capacity.ts) and held until the offer ends, and an email
// carries the link that puts them in the member's cart. The member's checkout uses the offer in its own batch
// (its held units become the order's); an offer that ends unused gives them to the next in line.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { availability, WAITLIST_OFFER_HOURS } from '../../../core/capacity';
import type {
  AcceptedOffer,
  AdminWaitlist,
  JoinedWaitlist,
  MyWaitlist,
  WaitlistPlace,
} from '../../../core/contracts/capacity';
import type { Message } from '../../../core/contracts/common';
import { formatDateTime } from '../../../core/festival';
import { formatRcptId } from '../../../core/ids';
import { cartLines, carts, products, users, waitlistEntries } from '../../../schema/index';
import { randomToken } from '../../lib/crypto';
import { changesOf, guardFailure, isUniqueViolation, raw, runBatch } from '../../lib/d1-batch';
import type { Db } from '../../lib/db';
import { DomainError, notFound, say, told } from '../../lib/errors';
import { log } from '../../lib/log';
import { compose, sendMail } from '../../lib/mail';
import type { Actor } from '../../lib/session';
import type { Svc } from '../../lib/svc';
import { SOLD_OUT_GUARD, takeUnits } from './capacity';

const HOUR = 60 * 60 * 1000;
type ProductRow = typeof products.$inferSelect;

async function productOr404(s: Svc, id: number): Promise<ProductRow> {
  const p = await s.db.select().from(products).where(eq(products.id, id)).get();
  if (!p) throw notFound(say('product.notFound', { id }));
  return p;
}

/** The caller's places (waiting or offered), with their positions in line. */
async function placesOf(s: Svc, userId: number, productId?: number): Promise<WaitlistPlace[]> {
  const rows = (
    await runBatch(s.db, [
      s.db.all<{
        productId: number;
        name: string;
        qty: number;
        state: 'waiting' | 'offered';
        offerExpiresAt: number | null;
        offer: string | null;
        position: number;
      }>(sql`SELECT w.product_id AS productId, p.name AS name, w.qty AS qty, w.state AS state,
      w.offer_expires_at AS offerExpiresAt, w.offer_token AS offer,
      (SELECT count(*) FROM waitlist_entries o WHERE o.product_id = w.product_id AND o.state IN ('waiting', 'offered')
        AND o.id <= w.id) AS position
    FROM waitlist_entries w CROSS JOIN products p ON p.id = w.product_id
    WHERE w.user_id = ${userId} AND w.state IN ('waiting', 'offered')
      ${productId ? sql`AND w.product_id = ${productId}` : sql``}
    ORDER BY w.id`),
    ])
  )[0];
  return rows;
}

/** /getMyWaitlist: the waiting lists the caller is on. */
export async function myWaitlist(s: Svc, actor: Actor): Promise<MyWaitlist> {
  return { places: await placesOf(s, actor.userId) };
}

/** /joinWaitlist: a place in line for `qty` units of a product that has not that many left. */
export async function joinWaitlist(
  s: Svc,
  actor: Actor,
  input: { productId: number; qty: number },
): Promise<JoinedWaitlist> {
  const p = await productOr404(s, input.productId);
  if (!p.waitlist || !p.available) {
    throw new DomainError('NoWaitlist', say('waitlist.notOffered', { name: p.name }), 409);
  }
  const a = availability(p.capacity, p.taken);
  if (a.unitsLeft === null || a.unitsLeft >= input.qty) {
    throw new DomainError(
      'NotSoldOut',
      say('waitlist.notSoldOut', { name: p.name, left: a.unitsLeft ?? input.qty }),
      409,
    );
  }
  try {
    await runBatch(s.db, [
      s.db.insert(waitlistEntries).values({
        productId: p.id,
        userId: actor.userId,
        qty: input.qty,
        state: 'waiting',
      }),
    ]);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // a double click, or already in line: the place they have stands
    const [place] = await placesOf(s, actor.userId, p.id);
    if (!place) throw err;
    throw new DomainError('AlreadyWaiting', say('waitlist.already', { name: p.name, position: place.position }), 409);
  }
  // units may have freed up since the product was read
  await offerFreedUnits(s, p.id);
  const [place] = await placesOf(s, actor.userId, p.id);
  if (!place) throw new Error('waitlist place vanished');
  return {
    ...(place.state === 'offered'
      ? told('waitlist.offeredNow', { name: p.name })
      : told('waitlist.joined', { name: p.name, position: place.position })),
    place,
  };
}

/**
 * The statements that give back the units an offer holds, for the offers selected by `where` (SQL over
 * waitlist_entries w). Put before the statement that changes their state, in the same batch.
 */
/** Gives back the units of the offers `where` selects (a condition on `w`, the waiting-list entry). */
export const releaseOffers = (where: string, ...params: unknown[]) =>
  raw(
    `UPDATE products SET taken = max(0, taken - (SELECT coalesce(sum(w.qty), 0) FROM waitlist_entries w
       WHERE w.product_id = products.id AND w.state = 'offered' AND ${where}))
     WHERE id IN (SELECT w.product_id FROM waitlist_entries w WHERE w.state = 'offered' AND ${where})`,
    ...params,
    ...params,
  );

/** /leaveWaitlist: the caller leaves the line; an offer not used yet goes to the next in line. */
export async function leaveWaitlist(s: Svc, actor: Actor, input: { productId: number }) {
  const p = await productOr404(s, input.productId);
  const mine = 'w.user_id = ? AND w.product_id = ?';
  const results = await runBatch(s.db, [
    releaseOffers(mine, actor.userId, p.id),
    raw(
      `UPDATE waitlist_entries SET state = 'left', updated_at = ? WHERE user_id = ? AND product_id = ?
         AND state IN ('waiting', 'offered')`,
      Date.now(),
      actor.userId,
      p.id,
    ),
  ]);
  if (changesOf(results, 1) === 0) throw new DomainError('NotWaiting', say('waitlist.notOn', { name: p.name }), 404);
  await offerFreedUnits(s, p.id);
  return told('waitlist.left', { name: p.name });
}

/**
 * /removeFromWaitlist (admin): takes one entry off a product's line, the way leaving does: an offer it holds gives
 * its units back and they go to the next in line. One batch decides: the units are released, the audit row written
 * (reading the entry's state inside the batch, before the change) and the entry moved to 'removed' only while it is
 * still waiting or offered, so a removal racing the member's checkout either takes the offer back or finds it bought.
 */
export async function removeFromWaitlist(
  s: Svc,
  actor: Actor,
  input: { productId: number; entryId: number },
): Promise<Message> {
  const p = await productOr404(s, input.productId);
  const inLine = "w.id = ? AND w.product_id = ? AND w.state IN ('waiting', 'offered')";
  const now = Date.now();
  const results = await runBatch(s.db, [
    releaseOffers('w.id = ? AND w.product_id = ?', input.entryId, p.id),
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
       SELECT ?, 'waitlist.removed', 'waitlist_entry', CAST(w.id AS TEXT),
         json_object('productId', w.product_id, 'code', ?, 'userId', w.user_id, 'qty', w.qty, 'state', w.state)
       FROM waitlist_entries w WHERE ${inLine}`,
      actor.userId,
      p.code,
      input.entryId,
      p.id,
    ),
    raw(
      `UPDATE waitlist_entries SET state = 'removed', updated_at = ? WHERE id = ? AND product_id = ?
         AND state IN ('waiting', 'offered')`,
      now,
      input.entryId,
      p.id,
    ),
  ]);
  const who = await s.db
    .select({ name: users.name, state: waitlistEntries.state })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(and(eq(waitlistEntries.id, input.entryId), eq(waitlistEntries.productId, p.id)))
    .get();
  if (!who) throw notFound(say('waitlist.entryNotFound', { name: p.name }));
  if (changesOf(results, 2) === 0) {
    throw new DomainError('NotWaiting', say('waitlist.entryOut', { person: who.name, name: p.name }), 409);
  }
  log('info', 'waitlist.removed', { entryId: input.entryId, productId: p.id, by: actor.userId });
  await offerFreedUnits(s, p.id);
  return told('waitlist.removed', { person: who.name, name: p.name });
}

/**
 * /acceptWaitlistOffer: the email's link. The offer's units go into the caller's cart (replacing it), to be
 * checked out while the offer holds them; the checkout uses the offer (offerUseStatements).
 */
export async function acceptOffer(s: Svc, actor: Actor, input: { offer: string }): Promise<AcceptedOffer> {
  const entry = await s.db.select().from(waitlistEntries).where(eq(waitlistEntries.offerToken, input.offer)).get();
  // another member's code answers as an unknown one
  if (!entry || entry.userId !== actor.userId) throw notFound(say('waitlist.noOffer'));
  if (entry.state === 'bought') throw new DomainError('OfferUsed', say('waitlist.offerUsed'), 409);
  const now = Date.now();
  if (entry.state !== 'offered' || (entry.offerExpiresAt ?? 0) <= now) {
    throw new DomainError('OfferExpired', say('waitlist.offerExpired'), 409);
  }
  const p = await productOr404(s, entry.productId);
  const kind = p.type === 'DAILY_PASS' ? 'DAILY_PASS' : 'CONTRIBUTION';
  await runBatch(s.db, [
    s.db.delete(cartLines).where(eq(cartLines.userId, actor.userId)),
    s.db
      .insert(carts)
      .values({ userId: actor.userId, kind, updatedAt: now })
      .onConflictDoUpdate({ target: carts.userId, set: { kind, updatedAt: now } }),
    s.db.insert(cartLines).values({
      userId: actor.userId,
      productId: p.id,
      qty: entry.qty,
      fullSponsor: p.type === 'SPONSORSHIP' ? true : null,
    }),
  ]);
  return {
    ...told('waitlist.inCart', { name: p.name, qty: entry.qty }),
    productId: p.id,
    qty: entry.qty,
    offerExpiresAt: entry.offerExpiresAt!,
  };
}

/**
 * For the checkout's batch, before its takes: the caller's live offers for these products give their held units
 * back and become 'bought' by the order, so that the order's own take finds them free. An expired offer is not
 * used (the cron gives its units to the next in line).
 */
export function offerUseStatements(
  db: Db,
  userId: number,
  productIds: readonly number[],
  now: number,
  orderIdSql: SQL,
) {
  if (productIds.length === 0) return [];
  const inIds = sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const live = sql`w.user_id = ${userId} AND w.offer_expires_at > ${now} AND w.product_id IN (${inIds})`;
  return [
    db.run(sql`UPDATE products SET taken = max(0, taken - (SELECT coalesce(sum(w.qty), 0) FROM waitlist_entries w
        WHERE w.product_id = products.id AND w.state = 'offered' AND ${live}))
      WHERE id IN (SELECT w.product_id FROM waitlist_entries w WHERE w.state = 'offered' AND ${live})`),
    db.run(sql`UPDATE waitlist_entries SET state = 'bought', order_id = ${orderIdSql}, updated_at = ${now}
      WHERE user_id = ${userId} AND state = 'offered' AND offer_expires_at > ${now} AND product_id IN (${inIds})`),
  ];
}

/**
 * Offers freed units to the first in line of each product (of `productId`, or of every product with someone
 * waiting), as long as the first one's units fit: strictly in line, a later member with fewer units does not
 * pass the first (docs/decisions/246). Each offer is one batch: the entry moves waiting -> offered only if it was
 * still waiting, and its units are taken only if that happened (changes()); a take that does not fit rolls the
 * offer back. Two runs at once offer each entry once. Returns the offers made.
 */
export async function offerFreedUnits(s: Svc, productId?: number): Promise<number> {
  const ids = productId
    ? [productId]
    : (
        await s.db
          .selectDistinct({ id: waitlistEntries.productId })
          .from(waitlistEntries)
          .where(eq(waitlistEntries.state, 'waiting'))
          .all()
      ).map((r) => r.id);
  let offers = 0;
  for (const id of ids) {
    for (let i = 0; i < 100; i++) {
      const offered = await offerNext(s, id);
      if (!offered) break;
      offers++;
    }
  }
  return offers;
}

/**
 * After a change that freed units (an order released, a refund processed): offers them to the first in line, after
 * the request's answer when there is one (s.defer), else at once. A failure is logged, never the caller's.
 */
export async function afterUnitsFreed(s: Svc): Promise<void> {
  const offers = offerFreedUnits(s).catch((err) => log('error', 'waitlist.offer_failed', { error: String(err) }));
  if (s.defer) s.defer(offers);
  else await offers;
}

async function offerNext(s: Svc, productId: number): Promise<boolean> {
  const head = await s.db
    .select({
      entry: waitlistEntries,
      capacity: products.capacity,
      taken: products.taken,
      name: products.name,
      email: users.email,
      userName: users.name,
    })
    .from(waitlistEntries)
    .innerJoin(products, eq(products.id, waitlistEntries.productId))
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(and(eq(waitlistEntries.productId, productId), eq(waitlistEntries.state, 'waiting')))
    .orderBy(asc(waitlistEntries.id))
    .limit(1)
    .get();
  if (!head) return false;
  const left = availability(head.capacity, head.taken).unitsLeft;
  if (left !== null && left < head.entry.qty) return false;
  const token = randomToken(24);
  const now = Date.now();
  const expires = now + WAITLIST_OFFER_HOURS * HOUR;
  let results: Awaited<ReturnType<typeof runBatch>>;
  try {
    results = await runBatch(s.db, [
      raw(
        `UPDATE waitlist_entries SET state = 'offered', offer_token = ?, offered_at = ?, offer_expires_at = ?,
           updated_at = ? WHERE id = ? AND state = 'waiting'`,
        token,
        now,
        expires,
        now,
        head.entry.id,
      ),
      takeUnits(productId, head.entry.qty, { sql: 'changes() > 0', params: [] }),
    ]);
  } catch (err) {
    if (guardFailure(err) === SOLD_OUT_GUARD) return false; // taken by a checkout meanwhile
    throw err;
  }
  if (changesOf(results, 0) === 0) return true; // offered by another run meanwhile: look at the next in line
  log('info', 'waitlist.offered', { entryId: head.entry.id, productId, qty: head.entry.qty });
  // the member asked for this message by joining: it goes like a payment's news, by email (docs/decisions/246)
  await sendMail(s.db, s.config, {
    to: head.email,
    write: (w, lang) =>
      compose(
        w('waitlist.offerSubject', { name: head.name }),
        [
          w('mail.greeting', { name: head.userName }),
          w('waitlist.offerBody', { qty: head.entry.qty, name: head.name, time: formatDateTime(expires, lang) }),
          w('waitlist.offerHow'),
        ],
        { href: `${s.origin}/dmPass?offer=${token}`, label: w('waitlist.offerLink') },
      ),
  }).catch((err) => log('error', 'waitlist.offer_mail_failed', { entryId: head.entry.id, error: String(err) }));
  return true;
}

/**
 * The cron: offers that ended unused give their units back (each one once: the entry moves offered -> expired only
 * if it still was, and its units are released only if that happened), then the freed units go to the next in line.
 */
export async function expireOffers(s: Svc): Promise<{ expired: number; offered: number }> {
  const now = Date.now();
  const due = await s.db
    .select({ id: waitlistEntries.id, productId: waitlistEntries.productId, qty: waitlistEntries.qty })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.state, 'offered'), sql`${waitlistEntries.offerExpiresAt} <= ${now}`))
    .limit(200)
    .all();
  let expired = 0;
  for (const e of due) {
    const results = await runBatch(s.db, [
      raw(
        `UPDATE waitlist_entries SET state = 'expired', updated_at = ? WHERE id = ? AND state = 'offered'
           AND offer_expires_at <= ?`,
        now,
        e.id,
        now,
      ),
      raw('UPDATE products SET taken = max(0, taken - ?) WHERE id = ? AND changes() > 0', e.qty, e.productId),
    ]);
    expired += changesOf(results, 0);
  }
  const offered = await offerFreedUnits(s);
  return { expired, offered };
}

/** /getWaitlist (admin): a product's line, first first, with who has been offered, bought or let it pass. */
export async function adminWaitlist(s: Svc, input: { productId: number }): Promise<AdminWaitlist> {
  const p = await productOr404(s, input.productId);
  const rows = await s.db
    .select({ w: waitlistEntries, name: users.name, email: users.email, mobile: users.mobile })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(eq(waitlistEntries.productId, p.id))
    .orderBy(
      sql`CASE ${waitlistEntries.state} WHEN 'offered' THEN 0 WHEN 'waiting' THEN 1 ELSE 2 END`,
      asc(waitlistEntries.id),
    )
    .limit(500)
    .all();
  const a = availability(p.capacity, p.taken);
  return {
    productId: p.id,
    name: p.name,
    capacity: p.capacity,
    unitsLeft: a.unitsLeft,
    waiting: rows.filter((r) => r.w.state === 'waiting').length,
    entries: rows.map(({ w, name, email, mobile }) => ({
      id: w.id,
      name,
      email,
      mobile,
      qty: w.qty,
      state: w.state,
      joinedAt: w.createdAt,
      offerExpiresAt: w.offerExpiresAt,
      orderRcptId: w.orderId ? formatRcptId(w.orderId) : null,
    })),
  };
}
