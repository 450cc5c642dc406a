// The season and the receipts where their parts meet: a gate sale is receipted like any confirmed payment; a deleted account
// leaves its waiting lists; the rollover carries a product's capacity and waiting list into next year, with nothing
// taken; the gate sells only the live catalogue, never next year's drafts.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { festivalYear } from '../../core/festival';
import { nextFestivalYear } from '../../core/festival-year';
import { parseRcptId } from '../../core/ids';
import { products, receipts, waitlistEntries } from '../../schema/index';
import { newPass, productRow } from './capacity-fixtures';
import { productId } from './cart-fixtures';
import { ADMIN, call, db, loginAs, newUser, outbox, VOLUNTEER } from './helpers';

const sale = async (over: Record<string, unknown> = {}) => ({
  nonce: `sale-${crypto.randomUUID()}`,
  buyerName: 'Walk-in Buyer',
  buyerMobile: '98765 43210',
  lines: [{ productId: await productId('DPDY'), qty: 1 }],
  mode: 'cash',
  happenedAt: Date.now(),
  deviceId: 'phone-1',
  ...over,
});

const receiptsOf = (orderId: number) =>
  db()
    .select()
    .from(receipts)
    .where(and(eq(receipts.orderId, orderId), eq(receipts.kind, 'receipt')))
    .all();

describe('a gate sale', () => {
  it('gets one numbered receipt in its own batch, through replays and parallel syncs, named in its email', async () => {
    const v = await loginAs(VOLUNTEER);
    const email = `walkin.${crypto.randomUUID().slice(0, 8)}@example.net`;
    const body = await sale({ buyerEmail: email });
    const answers = await Promise.all([1, 2, 3, 4].map(() => call('recordGateSale', body, v)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const orderId = parseRcptId(answers[0]!.body.data.orderRcptId)!;
    const rows = await receiptsOf(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fiscalYear: festivalYear(), payerName: 'Walk-in Buyer', amountPaise: 70_000 });
    expect(rows[0]!.number).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
    // a replay later changes nothing
    expect((await call('recordGateSale', body, v)).body.data.status).toBe('duplicate');
    expect(await receiptsOf(orderId)).toHaveLength(1);
    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Your receipt number is ${rows[0]!.number}.`);
  });

  it('takes the next number of the year after a member’s receipt: one series, no gap', async () => {
    const v = await loginAs(VOLUNTEER);
    const a = await call('recordGateSale', await sale(), v);
    const b = await call('recordGateSale', await sale(), v);
    const [ra] = await receiptsOf(parseRcptId(a.body.data.orderRcptId)!);
    const [rb] = await receiptsOf(parseRcptId(b.body.data.orderRcptId)!);
    expect(rb!.seq).toBe(ra!.seq + 1);
  });
});

describe('deleting an account', () => {
  it('leaves its waiting lists; the units its offer held go to the next in line', async () => {
    const p = await newPass(1, { waitlist: true });
    const holder = await newUser();
    await call('addToCart', { productQtys: { [p.id]: { qty: 1 } } }, holder.token);
    const order = await call('startOrder', { offline: true }, holder.token);
    expect(order.status).toBe(200);
    const u = await newUser();
    const w = await newUser();
    expect((await call('joinWaitlist', { productId: p.id, qty: 1 }, u.token)).status).toBe(200);
    expect((await call('joinWaitlist', { productId: p.id, qty: 1 }, w.token)).status).toBe(200);
    // the holder gives up: the unit is offered to the first in line, u
    expect((await call('giveUpOrder', { orderRcptId: order.body.data.orderRcptId }, holder.token)).status).toBe(200);
    const state = async () =>
      (
        await db()
          .select()
          .from(waitlistEntries)
          .where(eq(waitlistEntries.productId, p.id))
          .orderBy(waitlistEntries.id)
          .all()
      ).map((r) => r.state);
    // the offer is made after the answer (its email with it)
    await expect.poll(state).toEqual(['offered', 'waiting']);
    expect((await call('deleteAccount', { password: u.password }, u.token)).status).toBe(200);
    // u's place is gone and its unit is offered to w; still one unit taken, by w's offer
    await expect.poll(state).toEqual(['left', 'offered']);
    expect((await productRow(p.id)).taken).toBe(1);
  });
});

describe('the rollover and the gate', () => {
  it('carries capacity and the waiting list into next year with nothing taken; the gate sells no draft', async () => {
    const admin = await loginAs(ADMIN);
    const p = await newPass(5, { waitlist: true });
    const v = await loginAs(VOLUNTEER);
    expect((await call('recordGateSale', await sale({ lines: [{ productId: p.id, qty: 2 }] }), v)).status).toBe(200);
    expect((await productRow(p.id)).taken).toBe(2);

    expect((await call('prepareNextCatalogue', {}, admin)).status).toBe(200);
    const next = nextFestivalYear(festivalYear());
    const copy = await db()
      .select()
      .from(products)
      .where(and(eq(products.code, p.code), eq(products.festivalYear, next)))
      .get();
    expect(copy).toMatchObject({ capacity: 5, waitlist: true, taken: 0, oversold: 0, publishAt: null });

    const offered = await call('getGateProducts', {}, v);
    const ids = offered.body.data.products.map((x: { productId: number }) => x.productId);
    expect(ids).toContain(p.id);
    expect(ids).not.toContain(copy!.id);
    const refused = await call('recordGateSale', await sale({ lines: [{ productId: copy!.id, qty: 1 }] }), v);
    expect(refused.status).toBe(400);
    expect(refused.body.desc).toMatch(/lines\.0\.productId/);
    expect((await db().get<{ n: number }>(sql`SELECT taken AS n FROM products WHERE id = ${copy!.id}`))!.n).toBe(0);
  });
});
