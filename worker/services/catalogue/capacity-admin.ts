// Admins' capacity and waiting-list settings of a product (docs/decisions/245-246).
import { eq } from 'drizzle-orm';
import { availability } from '../../../core/capacity';
import type { CapacityView } from '../../../core/contracts/capacity';
import type { Message } from '../../../core/contracts/common';
import { products } from '../../../schema/index';
import { afterChange } from '../../lib/audit';
import { changesOf, raw, runBatch } from '../../lib/d1-batch';
import { DomainError, notFound, say, told } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import type { Svc } from '../../lib/svc';
import { offerFreedUnits } from './waitlist';

type ProductRow = typeof products.$inferSelect;

const viewOf = (p: ProductRow): CapacityView => ({
  id: p.id,
  capacity: p.capacity,
  taken: p.taken,
  unitsLeft: availability(p.capacity, p.taken).unitsLeft,
  oversold: p.oversold,
  waitlist: p.waitlist,
});

async function productOr404(s: Svc, id: number) {
  const p = await s.db.select().from(products).where(eq(products.id, id)).get();
  if (!p) throw notFound(say('product.notFound', { id }));
  return p;
}

/**
 * /setProductCapacity: raise, lower or remove a product's capacity, with its audit row (before and after) in the
 * same batch. Lowering below the units already held or sold is refused (docs/decisions/246): the database decides
 * (`taken <= capacity` in the update's WHERE), so a checkout that takes units meanwhile cannot slip under it.
 * More room offers the freed units to the waiting list.
 */
export async function setProductCapacity(
  s: Svc,
  actor: Actor,
  input: { id: number; capacity: number | null },
): Promise<CapacityView & Message> {
  const before = await productOr404(s, input.id);
  const results = await runBatch(s.db, [
    raw(
      'UPDATE products SET capacity = ?, updated_at = ? WHERE id = ? AND (? IS NULL OR taken <= ?)',
      input.capacity,
      Date.now(),
      before.id,
      input.capacity,
      input.capacity,
    ),
    afterChange({
      actorId: actor.userId,
      action: 'product.capacity_changed',
      entityType: 'product',
      entityId: before.id,
      details: { code: before.code, from: before.capacity, to: input.capacity },
    }),
  ]);
  if (changesOf(results) === 0) {
    const now = await productOr404(s, input.id);
    throw new DomainError('CapacityBelowTaken', say('capacity.belowTaken', { name: now.name, taken: now.taken }), 409);
  }
  if (input.capacity === null || before.capacity === null || input.capacity > before.capacity) {
    await offerFreedUnits(s, before.id);
  }
  const after = await productOr404(s, input.id);
  return { ...viewOf(after), ...told('capacity.updated', { name: after.name }) };
}

/** /setProductWaitlist: whether members may join the product's waiting list; audited. */
export async function setProductWaitlist(
  s: Svc,
  actor: Actor,
  input: { id: number; waitlist: boolean },
): Promise<CapacityView & Message> {
  const before = await productOr404(s, input.id);
  await runBatch(s.db, [
    raw(
      'UPDATE products SET waitlist = ?, updated_at = ? WHERE id = ? AND waitlist <> ?',
      input.waitlist ? 1 : 0,
      Date.now(),
      before.id,
      input.waitlist ? 1 : 0,
    ),
    afterChange({
      actorId: actor.userId,
      action: 'product.waitlist_changed',
      entityType: 'product',
      entityId: before.id,
      details: { code: before.code, from: before.waitlist, to: input.waitlist },
    }),
  ]);
  const after = await productOr404(s, input.id);
  return {
    ...viewOf(after),
    ...told(input.waitlist ? 'capacity.waitlistOn' : 'capacity.waitlistOff', { name: after.name }),
  };
}
