// Capacity's admin call and the waiting list (docs/decisions/245-246): each call's happy path,
// bad input and wrong role; an offer made once however many runs race for it; the offer's link used once.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orderLines, products, waitlistEntries } from '../../schema/index';
import { confirmPayment } from '../../worker/services/transitions/orders';
import { newUtr } from '../fixtures/bank-statements';
import { getConfig } from '../../worker/lib/config';
import type { Svc } from '../../worker/lib/svc';
import { expireOffers, offerFreedUnits } from '../../worker/services/catalogue/waitlist';
import { buyer, newPass, productRow } from './capacity-fixtures';
import { ADMIN, bindings, call, db, loginAs, MEMBER, newUser, outbox } from './helpers';

const s = (): Svc => ({ db: db(), config: getConfig(bindings), env: bindings, origin: 'http://localhost' });

const entriesOf = (productId: number) =>
  db().select().from(waitlistEntries).where(eq(waitlistEntries.productId, productId)).orderBy(waitlistEntries.id).all();

async function offerMail(email: string, tries = 40) {
  for (let i = 0; i < tries; i++) {
    const m = (await outbox(email)).find((x) => /^Your turn on the waiting list/.test(x.subject));
    if (m) return m;
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
}
const offerOf = (text: string) => /\/dmPass\?offer=([A-Za-z0-9_-]+)/.exec(text)?.[1];

/** A sold-out pass with its waiting list on: capacity 2, both units held by one order. */
async function soldOutPass(capacity = 2) {
  const p = await newPass(capacity, { waitlist: true });
  const holder = await buyer(p.id, capacity);
  const start = await call('startOrder', { offline: true }, holder.token);
  expect(start.status).toBe(200);
  return { p, holder, order: start.body.data };
}

describe('/setProductCapacity', () => {
  it('raises, lowers and removes a capacity, audited with before and after; refuses one below what is held', async () => {
    const admin = await loginAs(ADMIN);
    const p = await newPass(null);
    const u = await buyer(p.id, 3);
    expect((await call('startOrder', { offline: true }, u.token)).status).toBe(200);
    const set = await call('setProductCapacity', { id: p.id, capacity: 5 }, admin);
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ id: p.id, capacity: 5, taken: 3, unitsLeft: 2, oversold: 0 });
    expect(set.body.data.message).toBe(`The capacity of "${p.name}" is saved.`);
    const low = await call('setProductCapacity', { id: p.id, capacity: 2 }, admin);
    expect(low.status).toBe(409);
    expect(low.body.error).toBe('CapacityBelowTaken');
    expect(low.body.desc).toBe(
      `capacity: 3 units of "${p.name}" are already held or sold, so the capacity cannot be lower than 3.`,
    );
    expect((await productRow(p.id)).capacity).toBe(5);
    expect((await call('setProductCapacity', { id: p.id, capacity: 3 }, admin)).body.data.unitsLeft).toBe(0);
    expect((await call('setProductCapacity', { id: p.id, capacity: null }, admin)).body.data.capacity).toBeNull();
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.capacity_changed'), eq(auditLog.entityId, String(p.id))))
      .orderBy(auditLog.id)
      .all();
    expect(rows.map((r) => JSON.parse(r.details))).toEqual([
      { code: p.code, from: null, to: 5 },
      { code: p.code, from: 5, to: 3 },
      { code: p.code, from: 3, to: null },
    ]);
    // the admins' list shows it
    const list = (await call('getUnGropedProducts', {}, admin)).body.data as any[];
    expect(list.find((x) => x.id === p.id)).toMatchObject({ capacity: null, taken: 3, waitlist: false, waiting: 0 });
  });

  it('race: lowered while checkouts take units, it never ends below what is held', async () => {
    const admin = await loginAs(ADMIN);
    let refused = 0;
    for (let round = 0; round < 8; round++) {
      const p = await newPass(10);
      const people = await Promise.all(Array.from({ length: 6 }, () => buyer(p.id, 1)));
      // the admin's change lands at a different moment of the checkouts in each round
      const lowered = new Promise((r) => setTimeout(r, round * 20)).then(() =>
        call('setProductCapacity', { id: p.id, capacity: 2 }, admin),
      );
      const [low, ...starts] = await Promise.all([
        lowered,
        ...people.map((u) => call('startOrder', { offline: true }, u.token)),
      ]);
      if (low!.status === 409) refused++;
      const row = await productRow(p.id);
      const sold = starts.filter((r) => r.status === 200).length;
      expect(row.taken).toBe(sold);
      expect(row.taken).toBeLessThanOrEqual(row.capacity!);
    }
    expect(refused).toBeGreaterThan(0);
  });

  it('answers bad input with the field named and changes nothing', async () => {
    const admin = await loginAs(ADMIN);
    const p = await newPass(4);
    for (const [body, desc] of [
      [{ id: p.id, capacity: -1 }, /capacity/],
      [{ id: p.id, capacity: 2.5 }, /capacity/],
      [{ id: p.id, capacity: 'ten' }, /capacity/],
      [{ id: p.id }, /capacity/],
      [{ capacity: 3 }, /id/],
    ] as const) {
      const r = await call('setProductCapacity', body, admin);
      expect(r.status).toBe(400);
      expect(r.body.desc).toMatch(desc);
    }
    expect((await call('setProductCapacity', { id: 999999, capacity: 3 }, admin)).status).toBe(404);
    expect((await productRow(p.id)).capacity).toBe(4);
  });

  it('is for admins only', async () => {
    const p = await newPass(4);
    const member = await loginAs(MEMBER);
    for (const path of ['setProductCapacity', 'setProductWaitlist', 'getWaitlist']) {
      expect((await call(path, { id: p.id, productId: p.id, capacity: 1, waitlist: true })).status).toBe(401);
      const r = await call(path, { id: p.id, productId: p.id, capacity: 1, waitlist: true }, member);
      expect(r.status).toBe(403);
      expect(r.body.error).toBe('InsufficientAccess');
    }
    expect((await productRow(p.id)).capacity).toBe(4);
  });
});

describe('the catalogue says how many are left', () => {
  it('answers capacity, units left, few left and sold out only for products with a capacity', async () => {
    const p = await newPass(20, { waitlist: true });
    const free = await newPass(null);
    const view = async (id: number) =>
      ((await call('getUProducts')).body.data.productsResponses.DAILY_PASS as any[]).find((x) => x.id === id);
    expect(await view(p.id)).toMatchObject({
      capacity: 20,
      unitsLeft: 20,
      soldOut: false,
      fewLeft: false,
      waitlist: true,
    });
    expect(await view(free.id)).not.toHaveProperty('capacity');
    expect(await view(free.id)).not.toHaveProperty('soldOut');
    const u = await buyer(p.id, 12);
    expect((await call('startOrder', { offline: true }, u.token)).status).toBe(200);
    expect(await view(p.id)).toMatchObject({ unitsLeft: 8, soldOut: false, fewLeft: true });
    const v = await buyer(p.id, 8);
    expect((await call('startOrder', { offline: true }, v.token)).status).toBe(200);
    expect(await view(p.id)).toMatchObject({ unitsLeft: 0, soldOut: true, fewLeft: false });
  });
});

describe('/setProductWaitlist, /joinWaitlist, /leaveWaitlist, /getMyWaitlist, /getWaitlist', () => {
  it('turns the list on and off, audited; bad input is refused', async () => {
    const admin = await loginAs(ADMIN);
    const p = await newPass(1);
    const on = await call('setProductWaitlist', { id: p.id, waitlist: true }, admin);
    expect(on.body.data).toMatchObject({ waitlist: true });
    expect((await productRow(p.id)).waitlist).toBe(true);
    expect((await call('setProductWaitlist', { id: p.id, waitlist: 'yes' }, admin)).status).toBe(400);
    expect((await call('setProductWaitlist', { id: p.id, waitlist: false }, admin)).body.data.waitlist).toBe(false);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.waitlist_changed'), eq(auditLog.entityId, String(p.id))))
      .all();
    expect(rows.map((r) => JSON.parse(r.details))).toEqual([
      { code: p.code, from: false, to: true },
      { code: p.code, from: true, to: false },
    ]);
  });

  it('lets members join a sold-out product in line, once each, and leave', async () => {
    const { p } = await soldOutPass();
    const plenty = await newPass(10, { waitlist: true });
    const closed = await newPass(0);
    const b = await newUser();
    const c = await newUser();
    expect((await call('joinWaitlist', { productId: p.id, qty: 2 })).status).toBe(401);
    expect((await call('joinWaitlist', { productId: p.id, qty: 0 }, b.token)).body.desc).toMatch(/qty/);
    expect((await call('joinWaitlist', { productId: p.id, qty: 51 }, b.token)).status).toBe(400);
    expect((await call('joinWaitlist', { productId: 'x', qty: 1 }, b.token)).body.desc).toMatch(/productId/);
    const notSold = await call('joinWaitlist', { productId: plenty.id, qty: 2 }, b.token);
    expect(notSold.body.error).toBe('NotSoldOut');
    expect((await call('joinWaitlist', { productId: closed.id, qty: 1 }, b.token)).body.error).toBe('NoWaitlist');
    const jb = await call('joinWaitlist', { productId: p.id, qty: 2 }, b.token);
    expect(jb.status).toBe(200);
    expect(jb.body.data.place).toMatchObject({ productId: p.id, qty: 2, state: 'waiting', position: 1 });
    const again = await call('joinWaitlist', { productId: p.id, qty: 1 }, b.token);
    expect(again.body.error).toBe('AlreadyWaiting');
    const jc = await call('joinWaitlist', { productId: p.id, qty: 1 }, c.token);
    expect(jc.body.data.place.position).toBe(2);
    expect((await call('getMyWaitlist', {}, c.token)).body.data.places).toMatchObject([
      { productId: p.id, position: 2 },
    ]);
    const admin = await loginAs(ADMIN);
    const list = await call('getWaitlist', { productId: p.id }, admin);
    expect(list.body.data).toMatchObject({ productId: p.id, capacity: 2, unitsLeft: 0, waiting: 2 });
    expect(list.body.data.entries.map((e: any) => [e.email, e.qty, e.state])).toEqual([
      [b.email, 2, 'waiting'],
      [c.email, 1, 'waiting'],
    ]);
    expect((await call('leaveWaitlist', { productId: p.id }, b.token)).status).toBe(200);
    expect((await call('leaveWaitlist', { productId: p.id }, b.token)).body.error).toBe('NotWaiting');
    expect((await call('getMyWaitlist', {}, c.token)).body.data.places[0].position).toBe(1);
  });
});

describe("the members' waiting-list calls", () => {
  it('need a session, and refuse bad input naming the field', async () => {
    const p = await newPass(1, { waitlist: true });
    for (const [path, body] of [
      ['joinWaitlist', { productId: p.id, qty: 1 }],
      ['leaveWaitlist', { productId: p.id }],
      ['getMyWaitlist', {}],
      ['acceptWaitlistOffer', { offer: 'x'.repeat(32) }],
    ] as const) {
      const r = await call(path, body);
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('InsufficientAccess');
    }
    const u = await newUser();
    expect((await call('leaveWaitlist', { productId: -3 }, u.token)).body.desc).toMatch(/productId/);
    expect((await call('leaveWaitlist', {}, u.token)).body.desc).toMatch(/productId is required/);
    expect((await call('acceptWaitlistOffer', {}, u.token)).body.desc).toMatch(/offer is required/);
    expect((await call('acceptWaitlistOffer', { offer: 'x'.repeat(32) }, u.token)).status).toBe(404);
    const admin = await loginAs(ADMIN);
    expect((await call('getWaitlist', { productId: 'one' }, admin)).body.desc).toMatch(/productId/);
    expect((await call('getWaitlist', { productId: 999999 }, admin)).status).toBe(404);
    expect(await entriesOf(p.id)).toEqual([]);
  });
});

describe('offers', () => {
  it('units freed by a given-up order go to the first in line by email; the link buys them once', async () => {
    const { p, holder, order } = await soldOutPass();
    const b = await newUser();
    const c = await newUser();
    await call('joinWaitlist', { productId: p.id, qty: 2 }, b.token);
    await call('joinWaitlist', { productId: p.id, qty: 1 }, c.token);
    expect((await call('giveUpOrder', { orderRcptId: order.orderRcptId }, holder.token)).status).toBe(200);
    const mail = await offerMail(b.email);
    expect(mail?.subject).toBe(`Your turn on the waiting list: ${p.name}`);
    const offer = offerOf(mail!.text)!;
    expect(offer).toBeTruthy();
    // the offer holds both units: the next in line and other buyers find none
    expect((await productRow(p.id)).taken).toBe(2);
    expect((await entriesOf(p.id)).map((e) => e.state)).toEqual(['offered', 'waiting']);
    const other = await buyer(p.id, 1);
    expect((await call('startOrder', { offline: true }, other.token)).body.error).toBe('SoldOut');
    // another member's link answers as unknown; a bad code is refused
    expect((await call('acceptWaitlistOffer', { offer }, c.token)).status).toBe(404);
    expect((await call('acceptWaitlistOffer', { offer: 'no' }, b.token)).status).toBe(400);
    const acc = await call('acceptWaitlistOffer', { offer }, b.token);
    expect(acc.status).toBe(200);
    expect(acc.body.data).toMatchObject({ productId: p.id, qty: 2 });
    expect((await call('getCartDetails', {}, b.token)).body.data.selectedProducts[0].qty).toBe(2);
    // a double click on the checkout: one order, the offer used once, its units counted once
    const [r1, r2] = await Promise.all([
      call('startOrder', { offline: true }, b.token),
      call('startOrder', { offline: true }, b.token),
    ]);
    expect(r1.status).toBe(200);
    expect(r2.body.data?.orderRcptId ?? r1.body.data.orderRcptId).toBe(r1.body.data.orderRcptId);
    expect((await productRow(p.id)).taken).toBe(2);
    const [eb] = await entriesOf(p.id);
    expect(eb).toMatchObject({ state: 'bought', orderId: r1.body.data.orderPkId });
    const replay = await call('acceptWaitlistOffer', { offer }, b.token);
    expect(replay.body.error).toBe('OfferUsed');
  });

  it('an offer that ends unused goes to the next in line; more capacity offers too', async () => {
    const { p } = await soldOutPass();
    const admin = await loginAs(ADMIN);
    const b = await newUser();
    const c = await newUser();
    await call('joinWaitlist', { productId: p.id, qty: 1 }, b.token);
    await call('joinWaitlist', { productId: p.id, qty: 1 }, c.token);
    const raised = await call('setProductCapacity', { id: p.id, capacity: 3 }, admin);
    expect(raised.body.data).toMatchObject({ taken: 3, unitsLeft: 0 });
    const offer = offerOf((await offerMail(b.email))!.text)!;
    expect(await offerMail(c.email, 1)).toBeUndefined();
    await db()
      .update(waitlistEntries)
      .set({ offerExpiresAt: Date.now() - 1 })
      .where(eq(waitlistEntries.offerToken, offer));
    expect((await call('acceptWaitlistOffer', { offer }, b.token)).body.error).toBe('OfferExpired');
    expect(await expireOffers(s())).toMatchObject({ expired: 1 });
    expect((await entriesOf(p.id)).map((e) => e.state)).toEqual(['expired', 'offered']);
    expect(await offerMail(c.email)).toBeTruthy();
    expect((await productRow(p.id)).taken).toBe(3);
    // repeating the cron changes nothing
    await expireOffers(s());
    expect((await productRow(p.id)).taken).toBe(3);
  });

  it('units refunded from a paid order go to the first in line at once', async () => {
    const { p, order } = await soldOutPass(2);
    const admin = await loginAs(ADMIN);
    const b = await newUser();
    await call('joinWaitlist', { productId: p.id, qty: 1 }, b.token);
    await confirmPayment(s(), { orderId: order.orderPkId, via: 'reconciler', actorId: null });
    const line = await db().select().from(orderLines).where(eq(orderLines.orderId, order.orderPkId)).get();
    const r = await call(
      'refundOrder',
      {
        orderPkId: order.orderPkId,
        lines: [{ lineId: line!.id, qty: 1 }],
        reason: 'One guest cannot come',
        reference: newUtr(),
        requestKey: crypto.randomUUID(),
      },
      admin,
    );
    expect(r.status).toBe(200);
    expect(await offerMail(b.email)).toBeTruthy();
    expect((await entriesOf(p.id)).map((e) => e.state)).toEqual(['offered']);
    expect((await productRow(p.id)).taken).toBe(2);
  });

  it('race: parallel runs offer freed units once', async () => {
    for (let round = 0; round < 4; round++) {
      const { p } = await soldOutPass(2);
      const people = await Promise.all([newUser(), newUser(), newUser()]);
      for (const u of people) await call('joinWaitlist', { productId: p.id, qty: 1 }, u.token);
      // two units come free at once (the holder's order fails), and six runs race to offer them
      await db().update(products).set({ taken: 0 }).where(eq(products.id, p.id));
      await Promise.all(Array.from({ length: 6 }, () => offerFreedUnits(s(), p.id)));
      const states = (await entriesOf(p.id)).map((e) => e.state);
      expect(states).toEqual(['offered', 'offered', 'waiting']);
      expect((await productRow(p.id)).taken).toBe(2);
    }
  });
});
