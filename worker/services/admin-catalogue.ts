// The catalogue as admins manage it: list, add, enable/disable, full-sponsor-only, block for a named sponsor.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminProduct,
  addProductRequest,
  blockProductRequest,
  markProductAvailableRequest,
  markProductFullSponsorRequest,
  setProductBengaliRequest,
  unblockProductRequest,
} from '../../core/contracts/admin';
import { festivalYear } from '../../core/festival';
import { t } from '../../core/i18n';
import { paiseToRupees, rupeesToPaise } from '../../core/money';
import { auditLog, products, sponsorshipClaims, users } from '../../schema/index';
import { afterChange } from '../lib/audit';
import { d1Batch, raw } from '../lib/d1-batch';
import type { Db } from '../lib/db';
import { badRequest, conflict, DomainError, notFound, say } from '../lib/errors';
import type { Actor } from '../lib/session';
import type { Svc } from '../lib/svc';

type ProductRow = typeof products.$inferSelect;

/** /getUnGropedProducts: every product with this festival year's sponsor or reservation. */
export async function listProducts(s: Svc): Promise<AdminProduct[]> {
  const year = festivalYear();
  const rows = await s.db
    .select({
      p: products,
      sponsorName: users.name,
      sponsorEmail: users.email,
      claimState: sponsorshipClaims.state,
      waiting: sql<number>`(SELECT count(*) FROM waitlist_entries w WHERE w.product_id = ${products.id}
          AND w.state = 'waiting')`,
    })
    .from(products)
    .leftJoin(
      sponsorshipClaims,
      and(eq(sponsorshipClaims.productId, products.id), eq(sponsorshipClaims.fiscalYear, year)),
    )
    .leftJoin(users, eq(users.id, sponsorshipClaims.userId))
    .orderBy(asc(products.type), asc(products.sortOrder), asc(products.id))
    .all();
  return rows.map(({ p, sponsorName, sponsorEmail, claimState, waiting }) => {
    const sponsored = claimState === 'sponsored';
    return {
      id: p.id,
      type: p.type,
      name: p.name,
      code: p.code,
      price: paiseToRupees(p.pricePaise),
      coPrice: paiseToRupees(p.coPricePaise),
      available: p.available,
      fullSponsorOnly: p.fullSponsorOnly,
      sponsorship: p.type === 'SPONSORSHIP',
      sponsoredBy: p.blockedByName ?? (sponsored ? sponsorName : null),
      sponsoredByEmail: p.blockedByEmail ?? (sponsored ? sponsorEmail : null),
      blocked: p.blockedByName !== null,
      capacity: p.capacity,
      taken: p.taken,
      oversold: p.oversold,
      waitlist: p.waitlist,
      waiting,
      ...(p.nameBn ? { nameBn: p.nameBn } : {}), // issue 16: only when written
      ...(p.descriptionBn ? { descBn: p.descriptionBn } : {}),
    };
  });
}

async function productOrThrow(db: Db, id: number): Promise<ProductRow> {
  const row = await db.select().from(products).where(eq(products.id, id)).get();
  if (!row) throw notFound(say('product.notFound', { id }));
  return row;
}

export async function addProduct(s: Svc, actor: Actor, input: z.output<typeof addProductRequest>) {
  const { db } = s;
  const actorId = actor.userId;
  const existing = await db.select({ id: products.id }).from(products).where(eq(products.code, input.code)).get();
  if (existing) throw conflict('DuplicateCode', say('product.duplicateCode', { code: input.code }));
  const next = await db
    .select({ n: sql<number>`coalesce(max(${products.sortOrder}), 0) + 1` })
    .from(products)
    .where(eq(products.type, input.type))
    .get();
  const values = {
    type: input.type,
    code: input.code,
    name: input.name,
    description: input.desc ?? '',
    nameBn: input.nameBn ?? '',
    descriptionBn: input.descBn ?? '',
    pricePaise: rupeesToPaise(input.price),
    coPricePaise: rupeesToPaise(input.coPrice),
    fullSponsorOnly: input.fullSponsorOnly,
    sortOrder: next?.n ?? 1,
  };
  try {
    const [inserted] = await db.batch([
      db.insert(products).values(values).returning({ id: products.id }),
      // the id is not known before the insert: the audit row reads it back by the unique code. (A raw
      // db.run(sql) with parameters cannot be batched by drizzle 0.45's D1 driver; insert-select can.)
      db.insert(auditLog).select(
        sql`SELECT NULL, CAST(unixepoch('subsec') * 1000 AS INTEGER), ${actorId}, 'product.added', 'product',
            CAST(id AS TEXT), ${JSON.stringify({ ...values })} FROM products WHERE code = ${input.code}`,
      ),
    ]);
    return { id: inserted[0]!.id, message: t('product.added') };
  } catch (e) {
    // two admins adding the same code at once: the unique index decides
    if (/UNIQUE constraint failed: products\.code/.test(String(e))) {
      throw conflict('DuplicateCode', say('product.duplicateCode', { code: input.code }));
    }
    throw e;
  }
}

/**
 * Changes the product as it was read, with its audit row, in one batch (decision 070): the update is made only
 * while the fields still hold what was read, and the audit row only when the update changed the row, so a double
 * click or two admins at once write one change and one row. Nothing is written when nothing would change.
 * Returns whether this call made the change.
 */
async function changeProduct(
  s: Svc,
  actorId: number,
  row: ProductRow,
  set: Partial<ProductRow>,
  action: string,
  details: Record<string, unknown>,
): Promise<boolean> {
  const keys = Object.keys(set) as (keyof ProductRow)[];
  if (keys.every((k) => set[k] === row[k])) return false;
  const [update] = await d1Batch(s, [
    s.db
      .update(products)
      .set({ ...set, updatedAt: Date.now() })
      .where(
        and(
          eq(products.id, row.id),
          ...keys.map((k) => (row[k] === null ? isNull(products[k]) : eq(products[k], row[k] as never))),
        ),
      ),
    afterChange({ actorId, action, entityType: 'product', entityId: row.id, details: { code: row.code, ...details } }),
  ]);
  return (update?.meta.changes ?? 0) > 0;
}

export async function markAvailable(s: Svc, actor: Actor, input: z.output<typeof markProductAvailableRequest>) {
  const { id, available } = input;
  const row = await productOrThrow(s.db, id);
  await changeProduct(s, actor.userId, row, { available }, 'product.availability_changed', {
    from: row.available,
    to: available,
  });
  return { id, available, message: t('product.availabilityUpdated') };
}

/** All Products: the Bengali name and description (issue 16), with an audit row in the same batch. */
export async function setBengaliTexts(s: Svc, actor: Actor, input: z.output<typeof setProductBengaliRequest>) {
  const { id } = input;
  const nameBn = input.nameBn ?? '';
  const descBn = input.descBn ?? '';
  const row = await productOrThrow(s.db, id);
  await changeProduct(s, actor.userId, row, { nameBn, descriptionBn: descBn }, 'product.bengali_changed', {
    from: { nameBn: row.nameBn, descBn: row.descriptionBn },
    to: { nameBn, descBn },
  });
  return { id, nameBn, descBn, message: t('product.bengaliUpdated') };
}

export async function markFullSponsor(s: Svc, actor: Actor, input: z.output<typeof markProductFullSponsorRequest>) {
  const { id, fullSponsorOnly } = input;
  const row = await productOrThrow(s.db, id);
  if (row.type !== 'SPONSORSHIP') throw badRequest(say('product.notSponsorshipFullSponsor', { code: row.code }));
  await changeProduct(s, actor.userId, row, { fullSponsorOnly }, 'product.full_sponsor_changed', {
    from: row.fullSponsorOnly,
    to: fullSponsorOnly,
  });
  return { id, fullSponsorOnly, message: t('product.sponsorshipUpdated') };
}

/**
 * Reserves a sponsorship item for a named person: it leaves the shop and shows "Sponsored by" that name.
 * The block is written only while nobody holds or sponsors the item, in the same statement (decision 070),
 * so a checkout that claims it at the same moment and the block cannot both win; the trigger
 * sponsorship_blocked_item refuses a claim by anyone else once it is blocked.
 */
export async function blockProduct(s: Svc, actor: Actor, input: z.output<typeof blockProductRequest>) {
  const { db } = s;
  const { id, blockedByName: name, blockedByEmail: email } = input;
  const actorId = actor.userId;
  const row = await productOrThrow(db, id);
  if (row.type !== 'SPONSORSHIP') throw badRequest(say('product.notSponsorshipBlock', { code: row.code }));
  const year = festivalYear();
  const [blocked] = await d1Batch(s, [
    raw(
      `UPDATE products SET blocked_by_name = ?, blocked_by_email = ?, available = 0, updated_at = ?
       WHERE id = ? AND blocked_by_name IS ? AND blocked_by_email IS ?
         AND NOT (blocked_by_name IS ? AND blocked_by_email IS ?)
         AND NOT EXISTS (SELECT 1 FROM sponsorship_claims WHERE product_id = ? AND fiscal_year = ?)`,
      name,
      email,
      Date.now(),
      id,
      row.blockedByName,
      row.blockedByEmail,
      name,
      email,
      id,
      year,
    ),
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details) SELECT ?, 'product.blocked', 'product', ?, ?
       WHERE changes() = 1`,
      actorId,
      String(id),
      JSON.stringify({ code: row.code, blockedByName: name, blockedByEmail: email, wasAvailable: row.available }),
    ),
  ]);
  if (!blocked?.meta.changes) {
    // the same block a moment ago (a double click, or another admin): done, and audited once
    const now = await productOrThrow(db, id);
    if (now.blockedByName === name && now.blockedByEmail === email) {
      return { id, blockedByName: name, blockedByEmail: email, message: t('product.blocked', { name, email }) };
    }
    const claim = await db
      .select({ state: sponsorshipClaims.state })
      .from(sponsorshipClaims)
      .where(and(eq(sponsorshipClaims.productId, id), eq(sponsorshipClaims.fiscalYear, year)))
      .get();
    throw new DomainError(
      'ItemTaken',
      claim?.state === 'sponsored'
        ? say('product.alreadySponsored', { name: row.name })
        : say('product.heldInCheckout', { name: row.name }),
      409,
    );
  }
  return { id, blockedByName: name, blockedByEmail: email, message: t('product.blocked', { name, email }) };
}

export async function unblockProduct(s: Svc, actor: Actor, input: z.output<typeof unblockProductRequest>) {
  const { id } = input;
  const row = await productOrThrow(s.db, id);
  if (row.blockedByName === null) throw conflict('NotBlocked', say('product.notBlocked', { name: row.name }));
  const unblocked = await changeProduct(
    s,
    actor.userId,
    row,
    { blockedByName: null, blockedByEmail: null },
    'product.unblocked',
    { blockedByName: row.blockedByName, blockedByEmail: row.blockedByEmail },
  );
  // unblocked meanwhile by another admin: said as the second press would find it
  if (!unblocked) throw conflict('NotBlocked', say('product.notBlocked', { name: row.name }));
  return { id, message: t('product.unblocked', { name: row.name }) };
}
