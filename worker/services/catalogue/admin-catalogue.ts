// The catalogue as admins manage it: list, add, enable/disable, full-sponsor-only, block for a named sponsor.
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminProduct,
  addProductRequest,
  blockProductRequest,
  CataloguePrepared,
  CataloguePublished,
  markProductAvailableRequest,
  markProductFullSponsorRequest,
  ProductUpdate,
  publishCatalogueRequest,
  setProductBengaliRequest,
  unblockProductRequest,
  updateProductRequest,
} from '../../../core/contracts/admin';
import { rulesFromView, rulesToView } from '../../../core/contracts/catalogue';
import { festivalYear } from '../../../core/festival';
import { nextFestivalYear } from '../../../core/festival-year';
import { formatINR, paiseToRupees, rupeesToPaise } from '../../../core/money';
import { defaultRules, EXTRA_CONTRIBUTION_CODE, type PricingRules, rulesJson, rulesOf } from '../../../core/pricing';
import { auditLog, products, sponsorshipClaims, users } from '../../../schema/index';
import { afterChange } from '../../lib/audit';
import { raw, runBatch } from '../../lib/d1-batch';
import type { Db } from '../../lib/db';
import { badRequest, conflict, DomainError, notFound, say, told } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import type { Svc } from '../../lib/svc';
import { liveYear, liveYearSql, toPricing } from './catalogue';
import type { ProductChange } from '../../../core/contracts/admin';

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
    .orderBy(desc(products.festivalYear), asc(products.type), asc(products.sortOrder), asc(products.id))
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
      ...(p.nameBn ? { nameBn: p.nameBn } : {}), // only when written
      ...(p.descriptionBn ? { descBn: p.descriptionBn } : {}),
      desc: p.description,
      rules: rulesToView(rulesOf(toPricing(p))),
      ...(p.photo ? { photo: p.photo } : {}),
      festivalYear: p.festivalYear,
      publishAt: p.publishAt,
    };
  });
}

async function productOrThrow(db: Db, id: number): Promise<ProductRow> {
  const row = await db.select().from(products).where(eq(products.id, id)).get();
  if (!row) throw notFound(say('product.notFound', { id }));
  return row;
}

export async function addProduct(
  s: Svc,
  actor: Actor,
  input: z.output<typeof addProductRequest>,
): Promise<ProductChange> {
  const { db } = s;
  const actorId = actor.userId;
  // codes are unique per festival year: a new product joins the live catalogue's year, or a later one as
  // a draft (next year's catalogue being prepared); past years are closed
  const live = await liveYear(db);
  const year = input.festivalYear ?? live;
  if (year < live) throw badRequest(say('product.pastYear', { year, live }));
  const existing = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.code, input.code), eq(products.festivalYear, year)))
    .get();
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
    festivalYear: year,
    rules: rulesJson(defaultRules(input)),
    publishAt: year > live ? null : 0,
    // capped from the start in the same insert (and so in its audit row): nothing is held yet, any capacity fits
    capacity: input.capacity,
    waitlist: input.waitlist,
  };
  try {
    const [inserted] = await runBatch(db, [
      db.insert(products).values(values).returning({ id: products.id }),
      // the id is not known before the insert: the audit row reads it back by the unique code. (A raw
      // db.run(sql) with parameters cannot be batched by drizzle 0.45's D1 driver; insert-select can.)
      db.insert(auditLog).select(
        sql`SELECT NULL, CAST(unixepoch('subsec') * 1000 AS INTEGER), ${actorId}, 'product.added', 'product',
            CAST(id AS TEXT), ${JSON.stringify({ ...values })} FROM products WHERE code = ${input.code}
            AND festival_year = ${year}`,
      ),
    ]);
    return { id: inserted[0]!.id, ...told('product.added') };
  } catch (e) {
    // two admins adding the same code at once: the unique index decides
    if (/UNIQUE constraint failed: products\.(festival_year, products\.)?code/.test(String(e))) {
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
  const [update] = await runBatch(s.db, [
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

export async function markAvailable(
  s: Svc,
  actor: Actor,
  input: z.output<typeof markProductAvailableRequest>,
): Promise<ProductChange & { available: boolean }> {
  const { id, available } = input;
  const row = await productOrThrow(s.db, id);
  await changeProduct(s, actor.userId, row, { available }, 'product.availability_changed', {
    from: row.available,
    to: available,
  });
  return { id, available, ...told('product.availabilityUpdated') };
}

/** All Products: the Bengali name and description, with an audit row in the same batch. */
export async function setBengaliTexts(
  s: Svc,
  actor: Actor,
  input: z.output<typeof setProductBengaliRequest>,
): Promise<ProductChange & { nameBn: string; descBn: string }> {
  const { id } = input;
  const nameBn = input.nameBn ?? '';
  const descBn = input.descBn ?? '';
  const row = await productOrThrow(s.db, id);
  await changeProduct(s, actor.userId, row, { nameBn, descriptionBn: descBn }, 'product.bengali_changed', {
    from: { nameBn: row.nameBn, descBn: row.descriptionBn },
    to: { nameBn, descBn },
  });
  return { id, nameBn, descBn, ...told('product.bengaliUpdated') };
}

export async function markFullSponsor(
  s: Svc,
  actor: Actor,
  input: z.output<typeof markProductFullSponsorRequest>,
): Promise<ProductChange & { fullSponsorOnly: boolean }> {
  const { id, fullSponsorOnly } = input;
  const row = await productOrThrow(s.db, id);
  if (row.type !== 'SPONSORSHIP') throw badRequest(say('product.notSponsorshipFullSponsor', { code: row.code }));
  await changeProduct(s, actor.userId, row, { fullSponsorOnly }, 'product.full_sponsor_changed', {
    from: row.fullSponsorOnly,
    to: fullSponsorOnly,
  });
  return { id, fullSponsorOnly, ...told('product.sponsorshipUpdated') };
}

/**
 * Reserves a sponsorship item for a named person: it leaves the shop and shows "Sponsored by" that name.
 * The block is written only while nobody holds or sponsors the item, in the same statement (decision 070),
 * so a checkout that claims it at the same moment and the block cannot both win; the trigger
 * sponsorship_blocked_item refuses a claim by anyone else once it is blocked.
 */
export async function blockProduct(
  s: Svc,
  actor: Actor,
  input: z.output<typeof blockProductRequest>,
): Promise<ProductChange & { blockedByName: string; blockedByEmail: string }> {
  const { db } = s;
  const { id, blockedByName: name, blockedByEmail: email } = input;
  const actorId = actor.userId;
  const row = await productOrThrow(db, id);
  if (row.type !== 'SPONSORSHIP') throw badRequest(say('product.notSponsorshipBlock', { code: row.code }));
  const year = festivalYear();
  const [blocked] = await runBatch(s.db, [
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
      return { id, blockedByName: name, blockedByEmail: email, ...told('product.blocked', { name, email }) };
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
  return { id, blockedByName: name, blockedByEmail: email, ...told('product.blocked', { name, email }) };
}

export async function unblockProduct(
  s: Svc,
  actor: Actor,
  input: z.output<typeof unblockProductRequest>,
): Promise<ProductChange> {
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
  return { id, ...told('product.unblocked', { name: row.name }) };
}

type UpdateInput = z.output<typeof updateProductRequest>;

/** The rules after an edit, or a DomainError naming the rule that does not fit this product. */
function editedRules(row: ProductRow, input: UpdateInput['rules']): PricingRules {
  const current = rulesOf(toPricing(row));
  if (!input) return current;
  const view = {
    ...rulesToView(current),
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
  };
  const next = rulesFromView(view as ReturnType<typeof rulesToView>);
  if (input.freeAmount !== undefined) {
    if (!current.freeAmount && next.freeAmount) throw badRequest(say('product.noFreeAmount'));
    if (current.freeAmount && !next.freeAmount) throw badRequest(say('product.freeAmountRequired'));
  }
  const free = !!next.freeAmount;
  if (next.qtyTiers.length > 0 && (row.type === 'SPONSORSHIP' || free)) {
    throw badRequest(say('product.noQtyDiscounts', { type: free ? row.code : row.type }));
  }
  if (input.memberPrice === true && (row.type !== 'DAILY_PASS' || free)) throw badRequest(say('product.noMemberPrice'));
  return next;
}

/**
 * /updateProduct: price, co-price, names, descriptions and pricing rules, in one guarded update with its
 * audit row (before and after of what changed). Carts are priced from the catalogue on every view, so the change
 * applies to them from now on (their next view says so); orders keep the prices stored on their lines.
 */
export async function updateProduct(s: Svc, actor: Actor, input: UpdateInput): Promise<ProductUpdate> {
  const row = await productOrThrow(s.db, input.id);
  const set: Partial<ProductRow> = {};
  if (input.price !== undefined) set.pricePaise = rupeesToPaise(input.price);
  if (input.coPrice !== undefined) set.coPricePaise = rupeesToPaise(input.coPrice);
  if (input.name !== undefined) set.name = input.name;
  if (input.desc !== undefined) set.description = input.desc;
  if (input.nameBn !== undefined) set.nameBn = input.nameBn;
  if (input.descBn !== undefined) set.descriptionBn = input.descBn;
  if (input.photo !== undefined) set.photo = input.photo || null;
  const price = set.pricePaise ?? row.pricePaise;
  const coPrice = set.coPricePaise ?? row.coPricePaise;
  const coMatters = !(row.type === 'SPONSORSHIP' && row.fullSponsorOnly);
  if ((input.price !== undefined || input.coPrice !== undefined) && coMatters && coPrice > price) {
    throw badRequest(say('product.coPriceAbovePrice', { price: formatINR(price) }));
  }
  if (input.rules) {
    const next = rulesJson(editedRules(row, input.rules));
    if (next !== rulesJson(rulesOf(toPricing(row)))) set.rules = next;
  }
  const keys = (Object.keys(set) as (keyof ProductRow)[]).filter((k) => set[k] !== row[k]);
  if (keys.length === 0) return { id: row.id, changed: [], ...told('product.unchanged') };
  const field: Partial<Record<keyof ProductRow, string>> = {
    pricePaise: 'price',
    coPricePaise: 'coPrice',
    description: 'desc',
    descriptionBn: 'descBn',
  };
  const shown = (k: keyof ProductRow, v: unknown) =>
    k === 'pricePaise' || k === 'coPricePaise'
      ? paiseToRupees(v as number)
      : k === 'rules'
        ? rulesToView(rulesOf({ ...toPricing(row), rules: null, ...(v ? { rules: JSON.parse(String(v)) } : {}) }))
        : v;
  const from: Record<string, unknown> = {};
  const to: Record<string, unknown> = {};
  for (const k of keys) {
    from[field[k] ?? k] = shown(k, row[k]);
    to[field[k] ?? k] = shown(k, set[k]);
  }
  const changed = await changeProduct(
    s,
    actor.userId,
    row,
    Object.fromEntries(keys.map((k) => [k, set[k]])),
    'product.updated',
    { festivalYear: row.festivalYear, from, to },
  );
  if (!changed) throw conflict('ProductChanged', say('product.changedMeanwhile', { name: row.name }));
  return { id: row.id, changed: Object.keys(to), ...told('product.updated') };
}

/**
 * "Prepare next year's catalogue" (docs/decisions/241): copies the live year's products (not the extra
 * contribution, which belongs to no year) into the next festival year as drafts, with the same prices and rules
 * for the committee to review. One INSERT ... SELECT that copies only the codes the next year does not have yet decides,
 * with its audit row in the same batch: a double click or two admins at once make one copy.
 */
export async function prepareNextCatalogue(s: Svc, actor: Actor): Promise<CataloguePrepared> {
  const now = Date.now();
  const fromYear = (await runBatch(s.db, [s.db.get<{ y: string | null }>(sql`SELECT ${liveYearSql(now)} AS y`)]))[0];
  if (!fromYear?.y) throw conflict('NothingToCopy', say('catalogue.nothingToCopy'));
  const from = fromYear.y;
  const next = nextFestivalYear(from);
  const [copied] = await runBatch(s.db, [
    raw(
      `INSERT INTO products (type, name, code, description, name_bn, description_bn, price_paise, co_price_paise,
         available, full_sponsor_only, sort_order, rules, photo, capacity, waitlist, festival_year, publish_at,
         created_at, updated_at)
       SELECT type, name, code, description, name_bn, description_bn, price_paise, co_price_paise,
         available, full_sponsor_only, sort_order, rules, photo, capacity, waitlist, ?, NULL, ?, ?
       FROM products p WHERE festival_year = ? AND code <> ?
         AND NOT EXISTS (SELECT 1 FROM products n WHERE n.festival_year = ? AND n.code = p.code)
       ORDER BY id`,
      next,
      now,
      now,
      from,
      EXTRA_CONTRIBUTION_CODE,
      next,
    ),
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
       SELECT ?, 'catalogue.prepared', 'catalogue', ?, json_object('fromYear', ?, 'count', changes()) WHERE changes() > 0`,
      actor.userId,
      next,
      from,
    ),
  ]);
  const count = copied?.meta.changes ?? 0;
  if (count === 0) throw conflict('AlreadyPrepared', say('catalogue.alreadyPrepared', { year: next }));
  return { festivalYear: next, fromYear: from, count, ...told('catalogue.prepared', { count, year: next }) };
}

/**
 * Publishes a festival year's drafts (and re-dates a publication not yet reached) from `publishAt`, default now:
 * members see that year's catalogue from then on, instead of the year before. One guarded UPDATE decides; its audit
 * row is written only when it changed rows, so two presses publish once.
 */
export async function publishCatalogue(
  s: Svc,
  actor: Actor,
  input: z.output<typeof publishCatalogueRequest>,
): Promise<CataloguePublished> {
  const now = Date.now();
  const at = input.publishAt ?? now;
  // a minute's grace for a clock a little behind; "now" is the usual answer
  if (at < now - 60_000) throw badRequest(say('catalogue.publishInPast'));
  const year = input.festivalYear;
  const [published] = await runBatch(s.db, [
    // "not reached yet" by the database's clock when the statement runs, so that a second press, whatever time its
    // request read, finds the first one's publication reached and changes nothing
    raw(
      `UPDATE products SET publish_at = ?, updated_at = ?
       WHERE festival_year = ? AND code <> ? AND publish_at IS NOT ?
         AND (publish_at IS NULL OR publish_at > CAST(unixepoch('subsec') * 1000 AS INTEGER))`,
      at,
      now,
      year,
      EXTRA_CONTRIBUTION_CODE,
      at,
    ),
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
       SELECT ?, 'catalogue.published', 'catalogue', ?, json_object('publishAt', ?, 'count', changes())
       WHERE changes() > 0`,
      actor.userId,
      year,
      at,
    ),
  ]);
  const count = published?.meta.changes ?? 0;
  if (count === 0) {
    // the same publication a moment ago (a double click, another admin): said as done
    const same = await s.db
      .select({ n: sql<number>`count(*)` })
      .from(products)
      .where(and(eq(products.festivalYear, year), eq(products.publishAt, at)))
      .get();
    if (!same?.n) throw conflict('NothingToPublish', say('catalogue.nothingToPublish', { year }));
    return {
      festivalYear: year,
      publishAt: at,
      count: same.n,
      ...told('catalogue.published', { year, publishAt: at, count: same.n }),
    };
  }
  return {
    festivalYear: year,
    publishAt: at,
    count,
    ...told('catalogue.published', { year, publishAt: at, count }),
  };
}
