// The season's calls side by side (catalogue, capacity, waiting lists, gate sales, waiver): one table of every call
// with a body a caller with the role would have sent, the bodies
// that are refused and the field each refusal names. Each call is refused to the wrong caller before its body is read
// (401 logged out, 403 without the role, as tests/worker/admin-access.test.ts expects of every admin call), and bad
// input answers 400 naming the field; neither changes anything. The happy paths and races of the calls live beside
// their features (waitlist, gate-sales, catalogue-edit, catalogue-rollover, waiver); the ones this file adds (removing
// someone from a waiting list, a product created capped, the races of joining, leaving and accepting) are below.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextFestivalYear } from '../../core/festival-year';
import { festivalYear } from '../../core/festival';
import { auditLog, products, waitlistEntries } from '../../schema/index';
import { saleDayOf } from '../../worker/services/venue/gate';
import { buyer, newPass, productRow } from './capacity-fixtures';
import { ADMIN, call, db, loginAs, MEMBER, newUser, outbox, VOLUNTEER } from './helpers';

type Role = 'admin' | 'staff' | 'user' | 'public';
type Row = {
  path: string;
  role: Role;
  /** a body the call takes (the wrong-role checks send it: only the role is wrong) */
  ok: Record<string, unknown>;
  /** bodies refused with 400, and what the desc must name */
  bad: [Record<string, unknown> | string, RegExp][];
};

/** A broken JSON body: every call refuses it with 400 once the role is checked. */
const BROKEN = '{"broken';
const NOT_AN_OBJECT = '[1, 2]';

let admin: string;
let member: string;
let volunteer: string;
let pass: Awaited<ReturnType<typeof newPass>>;
let entryId: number;
let rows: Row[];

const sale = (over: Record<string, unknown> = {}) => ({
  nonce: `sale-${crypto.randomUUID()}`,
  buyerName: 'Walk-in Buyer',
  buyerMobile: '98765 43210',
  lines: [{ productId: pass.id, qty: 1 }],
  mode: 'cash',
  happenedAt: Date.now(),
  ...over,
});

/** Everything a refused call could have changed. */
const everything = async () =>
  JSON.stringify(
    await Promise.all(
      [
        'SELECT count(*) AS n FROM audit_log',
        'SELECT * FROM products ORDER BY id',
        'SELECT * FROM waitlist_entries ORDER BY id',
        'SELECT count(*) AS n FROM orders',
        'SELECT * FROM settings ORDER BY key',
        'SELECT count(*) AS n FROM gate_sales',
        'SELECT count(*) AS n FROM gate_handovers',
        'SELECT * FROM cart_lines ORDER BY user_id, product_id',
      ].map((q) => db().all(sql.raw(q))),
    ),
  );

beforeAll(async () => {
  admin = await loginAs(ADMIN);
  member = await loginAs(MEMBER);
  volunteer = await loginAs(VOLUNTEER);
  // a sold-out pass with one person in line
  pass = await newPass(1, { waitlist: true });
  const holder = await buyer(pass.id, 1);
  expect((await call('startOrder', { offline: true }, holder.token)).status).toBe(200);
  const waiting = await newUser();
  expect((await call('joinWaitlist', { productId: pass.id, qty: 1 }, waiting.token)).status).toBe(200);
  entryId = (await db().select().from(waitlistEntries).where(eq(waitlistEntries.productId, pass.id)).get())!.id;
  const id = pass.id;
  const handover = { volunteerId: 3, day: '2026-11-08', amount: 100, requestKey: `hand-${crypto.randomUUID()}` };
  const product = {
    code: 'ZQ91',
    name: 'Capped plate',
    price: 300,
    dailyMembership: true,
    capacity: 50,
    waitlist: true,
  };
  rows = [
    // ---- the catalogue and the festival year (240-242) ----
    {
      path: 'updateProduct',
      role: 'admin',
      ok: { id, price: 1 },
      bad: [
        [{ id, price: -5 }, /price must be more than 0/],
        [{ price: 10 }, /^id is required/],
        [{ id, name: '' }, /name is required/],
      ],
    },
    { path: 'prepareNextCatalogue', role: 'admin', ok: {}, bad: [[BROKEN, /JSON object/]] },
    {
      path: 'publishCatalogue',
      role: 'admin',
      ok: { festivalYear: nextFestivalYear(festivalYear()) },
      bad: [
        [{}, /festivalYear is required/],
        [{ festivalYear: '2027' }, /festivalYear must look like 2026-27/],
        [{ festivalYear: nextFestivalYear(festivalYear()), publishAt: 'soon' }, /publishAt/],
      ],
    },
    {
      path: 'addProduct',
      role: 'admin',
      ok: product,
      bad: [
        [{ ...product, capacity: -1 }, /capacity must be a whole number of units from 0/],
        [{ ...product, capacity: 2.5 }, /capacity must be a whole number/],
        [{ ...product, capacity: 'ten' }, /capacity must be a whole number/],
        [{ ...product, capacity: 2_000_000 }, /capacity must be at most 1000000/],
        [{ ...product, waitlist: 'yes' }, /waitlist must be true or false/],
      ],
    },
    {
      path: 'getPlans',
      role: 'public',
      ok: {},
      bad: [
        [BROKEN, /JSON object/],
        [NOT_AN_OBJECT, /JSON object/],
      ],
    },
    // ---- capacity and waiting lists (245-247) ----
    {
      path: 'setProductCapacity',
      role: 'admin',
      ok: { id, capacity: 5 },
      bad: [
        [{ id, capacity: -1 }, /capacity must be a whole number/],
        [{ id }, /capacity is required/],
        [{ capacity: 3 }, /^id is required/],
      ],
    },
    {
      path: 'setProductWaitlist',
      role: 'admin',
      ok: { id, waitlist: false },
      bad: [
        [{ id, waitlist: 'yes' }, /waitlist must be true or false/],
        [{ waitlist: true }, /^id is required/],
      ],
    },
    {
      path: 'getWaitlist',
      role: 'admin',
      ok: { productId: id },
      bad: [
        [{}, /productId is required/],
        [{ productId: 'one' }, /productId must be a number/],
      ],
    },
    {
      path: 'removeFromWaitlist',
      role: 'admin',
      ok: { productId: id, entryId },
      bad: [
        [{ productId: id }, /entryId is required/],
        [{ productId: id, entryId: 0 }, /entryId must be a positive whole number/],
        [{ productId: id, entryId: 'first' }, /entryId must be a number/],
        [{ entryId }, /productId is required/],
      ],
    },
    {
      path: 'joinWaitlist',
      role: 'user',
      ok: { productId: id, qty: 1 },
      bad: [
        [{ productId: id, qty: 0 }, /qty must be a whole number from 1 to 50/],
        [{ productId: id, qty: 51 }, /qty must be a whole number from 1 to 50/],
        [{ qty: 1 }, /productId is required/],
      ],
    },
    { path: 'leaveWaitlist', role: 'user', ok: { productId: id }, bad: [[{}, /productId is required/]] },
    { path: 'getMyWaitlist', role: 'user', ok: {}, bad: [[NOT_AN_OBJECT, /JSON object/]] },
    {
      path: 'acceptWaitlistOffer',
      role: 'user',
      ok: { offer: 'x'.repeat(32) },
      bad: [
        [{}, /offer is required/],
        [{ offer: 'no' }, /offer is not the code of an offer/],
      ],
    },
    // ---- gate sales (250-253) ----
    { path: 'getGateProducts', role: 'staff', ok: {}, bad: [[BROKEN, /JSON object/]] },
    {
      path: 'recordGateSale',
      role: 'staff',
      ok: sale(),
      bad: [
        [sale({ mode: 'card' }), /mode must be cash or upi/],
        [sale({ mode: 'upi' }), /utr is required for a UPI payment/],
        [sale({ lines: [{ productId: id, qty: 0 }] }), /lines\.0\.qty/],
        [sale({ buyerName: '' }), /buyerName is required/],
      ],
    },
    { path: 'getGateSales', role: 'admin', ok: {}, bad: [[{ fiscalYear: '2026' }, /fiscalYear must look like/]] },
    {
      path: 'recordCashHandover',
      role: 'admin',
      ok: handover,
      bad: [
        [{ ...handover, amount: 0 }, /amount must be more than 0/],
        [{ ...handover, day: '8 Nov' }, /day must be a day like/],
        [{ ...handover, requestKey: 'x' }, /requestKey/],
      ],
    },
    {
      path: 'resolveGateConflict',
      role: 'admin',
      ok: { orderRcptId: 'DP000001', note: 'checked' },
      bad: [
        [{ orderRcptId: 'DP000001' }, /note is required/],
        [{ note: 'checked' }, /orderRcptId is required/],
      ],
    },
    // ---- the membership fee waiver's settings (255) ----
    {
      path: 'updateSettings',
      role: 'admin',
      ok: { membershipWaiver: { enabled: false } },
      bad: [
        [{ membershipWaiver: { enabled: 'yes' } }, /membershipWaiver\.enabled must be true or false/],
        [{ membershipWaiver: { tiers: [] } }, /membershipWaiver\.tiers must have at least one tier/],
      ],
    },
    { path: 'getAdminSettings', role: 'admin', ok: {}, bad: [[BROKEN, /JSON object/]] },
  ];
});

const send = (path: string, body: Record<string, unknown> | string, token?: string | null) =>
  typeof body === 'string' ? call(path, undefined, token, { raw: body }) : call(path, body, token);

describe("the season's calls refuse the wrong caller before reading the body", () => {
  it('logged out: 401 InsufficientAccess for every call that needs a session, with a good or a bad body', async () => {
    const before = await everything();
    for (const r of rows.filter((x) => x.role !== 'public')) {
      for (const body of [r.ok, ...r.bad.map(([b]) => b)]) {
        for (const token of [null, 'not-a-real-token']) {
          const res = await send(r.path, body, token);
          expect(res.status, r.path).toBe(401);
          expect(res.body, r.path).toEqual({
            error: 'InsufficientAccess',
            desc: 'Please log in to continue.',
            key: 'auth.required',
            params: {},
          });
        }
      }
    }
    expect(await everything()).toBe(before);
  });

  it('a member: 403 for the admins’ and the volunteers’ calls; a volunteer: 403 for the admins’', async () => {
    const before = await everything();
    for (const r of rows.filter((x) => x.role === 'admin' || x.role === 'staff')) {
      const callers = r.role === 'admin' ? [member, volunteer] : [member];
      for (const token of callers) {
        for (const body of [r.ok, ...r.bad.map(([b]) => b)]) {
          const res = await send(r.path, body, token);
          expect(res.status, r.path).toBe(403);
          expect(res.body, r.path).toEqual({
            error: 'InsufficientAccess',
            desc: 'You do not have access to this.',
            key: 'auth.forbidden',
            params: {},
          });
        }
      }
    }
    expect(await everything()).toBe(before);
  });

  it('the table covers every call of the season (a new call without a row fails here)', () => {
    expect(rows.map((r) => r.path).sort()).toEqual(
      [
        'updateProduct',
        'prepareNextCatalogue',
        'publishCatalogue',
        'addProduct',
        'getPlans',
        'setProductCapacity',
        'setProductWaitlist',
        'getWaitlist',
        'removeFromWaitlist',
        'joinWaitlist',
        'leaveWaitlist',
        'getMyWaitlist',
        'acceptWaitlistOffer',
        'getGateProducts',
        'recordGateSale',
        'getGateSales',
        'recordCashHandover',
        'resolveGateConflict',
        'updateSettings',
        'getAdminSettings',
      ].sort(),
    );
  });
});

describe("the season's calls answer bad input with 400 naming the field, and change nothing", () => {
  it('for a caller with the role', async () => {
    const u = await newUser();
    const before = await everything();
    const tokenOf = (role: Role) =>
      role === 'admin' ? admin : role === 'staff' ? volunteer : role === 'user' ? u.token : null;
    for (const r of rows) {
      for (const [body, desc] of r.bad) {
        const res = await send(r.path, body, tokenOf(r.role));
        const what = `${r.path} ${typeof body === 'string' ? body : JSON.stringify(body)}`;
        expect(res.status, what).toBe(400);
        expect(res.body.error, what).toBe('BadRequest');
        expect(res.body.desc, what).toMatch(desc);
      }
    }
    expect(await everything()).toBe(before);
  });
});

describe('/removeFromWaitlist', () => {
  /** A sold-out pass (capacity 2, held by one order) with three people in line for one unit each. */
  async function lineOf3() {
    const p = await newPass(2, { waitlist: true });
    const holder = await buyer(p.id, 2);
    const order = (await call('startOrder', { offline: true }, holder.token)).body.data;
    const people = [await newUser(), await newUser(), await newUser()];
    for (const u of people) expect((await call('joinWaitlist', { productId: p.id, qty: 1 }, u.token)).status).toBe(200);
    const entries = await db().select().from(waitlistEntries).where(eq(waitlistEntries.productId, p.id)).all();
    return { p, holder, order, people, entries: entries.sort((a, b) => a.id - b.id) };
  }
  const states = async (productId: number) =>
    (
      await db()
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.productId, productId))
        .orderBy(waitlistEntries.id)
        .all()
    ).map((e) => e.state);
  const removals = (entry: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'waitlist.removed'), eq(auditLog.entityId, String(entry))))
      .all();
  async function offerOf(email: string) {
    for (let i = 0; i < 40; i++) {
      const m = (await outbox(email)).find((x) => /^Your turn on the waiting list/.test(x.subject));
      const code = m && /\/dmPass\?offer=([A-Za-z0-9_-]+)/.exec(m.text)?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no offer for ${email}`);
  }

  it('takes a waiting person off the line, audited; the others move up; the admin list says so', async () => {
    const { p, people, entries } = await lineOf3();
    const r = await call('removeFromWaitlist', { productId: p.id, entryId: entries[1]!.id }, admin);
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe(`${people[1]!.name} is off the waiting list for "${p.name}".`);
    expect(await states(p.id)).toEqual(['waiting', 'removed', 'waiting']);
    expect((await call('getMyWaitlist', {}, people[2]!.token)).body.data.places[0].position).toBe(2);
    expect((await call('getMyWaitlist', {}, people[1]!.token)).body.data.places).toEqual([]);
    const [row, ...more] = await removals(entries[1]!.id);
    expect(more).toEqual([]);
    expect(JSON.parse(row!.details)).toEqual({
      productId: p.id,
      code: p.code,
      userId: entries[1]!.userId,
      qty: 1,
      state: 'waiting',
    });
    expect((await productRow(p.id)).taken).toBe(2);
    const list = (await call('getWaitlist', { productId: p.id }, admin)).body.data;
    expect(list.waiting).toBe(2);
    expect(list.entries.map((e: { state: string }) => e.state)).toEqual(['waiting', 'waiting', 'removed']);
    // twice: nothing more, a clear answer; an entry of another product or none at all: 404
    const again = await call('removeFromWaitlist', { productId: p.id, entryId: entries[1]!.id }, admin);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('NotWaiting');
    expect(again.body.key).toBe('waitlist.entryOut');
    const other = await newPass(1);
    expect((await call('removeFromWaitlist', { productId: other.id, entryId: entries[0]!.id }, admin)).status).toBe(
      404,
    );
    expect((await call('removeFromWaitlist', { productId: p.id, entryId: 999_999 }, admin)).status).toBe(404);
    expect((await call('removeFromWaitlist', { productId: 999_999, entryId: entries[0]!.id }, admin)).status).toBe(404);
    expect(await states(p.id)).toEqual(['waiting', 'removed', 'waiting']);
    expect(await removals(entries[1]!.id)).toHaveLength(1);
  });

  it('removing the first in line who holds an offer gives the units to the next, as leaving does', async () => {
    const { p, holder, order, people, entries } = await lineOf3();
    // one unit comes free: the first in line is offered it
    await call('giveUpOrder', { orderRcptId: order.orderRcptId }, holder.token);
    const offer = await offerOf(people[0]!.email);
    expect(await states(p.id)).toEqual(['offered', 'offered', 'waiting']);
    expect((await productRow(p.id)).taken).toBe(2);
    const r = await call('removeFromWaitlist', { productId: p.id, entryId: entries[0]!.id }, admin);
    expect(r.status).toBe(200);
    expect(await states(p.id)).toEqual(['removed', 'offered', 'offered']);
    expect((await productRow(p.id)).taken).toBe(2);
    expect(await offerOf(people[2]!.email)).toBeTruthy();
    expect(JSON.parse((await removals(entries[0]!.id))[0]!.details).state).toBe('offered');
    // the removed person's link no longer buys anything
    const late = await call('acceptWaitlistOffer', { offer }, people[0]!.token);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('OfferExpired');
  });

  it('race: a removal and the member’s accept and checkout at once: the offer is used or taken back, never both', async () => {
    let bought = 0;
    let removed = 0;
    for (let round = 0; round < 6; round++) {
      const p = await newPass(1, { waitlist: true });
      const holder = await buyer(p.id, 1);
      const order = (await call('startOrder', { offline: true }, holder.token)).body.data;
      const [first, second] = [await newUser(), await newUser()];
      await call('joinWaitlist', { productId: p.id, qty: 1 }, first.token);
      await call('joinWaitlist', { productId: p.id, qty: 1 }, second.token);
      await call('giveUpOrder', { orderRcptId: order.orderRcptId }, holder.token);
      const offer = await offerOf(first.email);
      const [entry] = await db()
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.productId, p.id))
        .orderBy(waitlistEntries.id)
        .all();
      // the removal lands at a different moment of the member's accept-and-pay in each round
      const removal = new Promise((r) => setTimeout(r, round * 8)).then(() =>
        call('removeFromWaitlist', { productId: p.id, entryId: entry!.id }, admin),
      );
      const buying = (async () => {
        const acc = await call('acceptWaitlistOffer', { offer }, first.token);
        if (acc.status !== 200) return acc;
        return call('startOrder', { offline: true }, first.token);
      })();
      const [rm, buy] = await Promise.all([removal, buying]);
      const after = (await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, entry!.id)).get())!;
      const row = await productRow(p.id);
      // never more than the capacity, and every unit taken belongs to an open order or an open offer
      expect(row.taken).toBeLessThanOrEqual(1);
      const held = (await db().get<{ n: number }>(sql`SELECT coalesce(sum(l.qty), 0) AS n FROM order_lines l
        JOIN orders o ON o.id = l.order_id WHERE l.product_id = ${p.id} AND o.status IN ('Pending Payment', 'Pending Approval', 'Success')`))!
        .n;
      const offered = (await db().get<{ n: number }>(sql`SELECT coalesce(sum(qty), 0) AS n FROM waitlist_entries
        WHERE product_id = ${p.id} AND state = 'offered'`))!.n;
      expect(row.taken).toBe(held + offered);
      if (rm.status === 200) {
        removed++;
        expect(after.state).toBe('removed');
        expect(await removals(entry!.id)).toHaveLength(1);
        // the member's checkout, if it went through, bought a unit that was free, not the offer
        if (buy.status === 200) expect(held).toBe(1);
      } else {
        bought++;
        expect(rm.status).toBe(409);
        expect(after.state).toBe('bought');
        expect(buy.status).toBe(200);
        expect(await removals(entry!.id)).toEqual([]);
      }
    }
    expect(bought + removed).toBe(6);
  });

  it('race: two admins removing the same person at once: one removal, one audit row, units given back once', async () => {
    for (let round = 0; round < 4; round++) {
      const { p, holder, order, people, entries } = await lineOf3();
      await call('giveUpOrder', { orderRcptId: order.orderRcptId }, holder.token);
      await offerOf(people[0]!.email);
      const answers = await Promise.all(
        [1, 2, 3].map(() => call('removeFromWaitlist', { productId: p.id, entryId: entries[0]!.id }, admin)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      expect(await removals(entries[0]!.id)).toHaveLength(1);
      expect(await states(p.id)).toEqual(['removed', 'offered', 'offered']);
      expect((await productRow(p.id)).taken).toBe(2);
    }
  });
});

describe('/addProduct with a capacity', () => {
  const body = (code: string, over: Record<string, unknown> = {}) => ({
    code,
    name: `Plate ${code}`,
    price: 300,
    dailyMembership: true,
    ...over,
  });
  let n = 0;
  const code = () => `Q${String(++n).padStart(3, '0')}`;

  it('creates a product capped, its waiting list on, in one step, audited with both', async () => {
    const c = code();
    const r = await call('addProduct', body(c, { capacity: 40, waitlist: true }), admin);
    expect(r.status).toBe(200);
    const row = (await db().select().from(products).where(eq(products.id, r.body.data.id)).get())!;
    expect(row).toMatchObject({ capacity: 40, waitlist: true, taken: 0 });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.added'), eq(auditLog.entityId, String(row.id))))
      .get();
    expect(JSON.parse(audit!.details)).toMatchObject({ code: c, capacity: 40, waitlist: true });
    const list = (await call('getUnGropedProducts', {}, admin)).body.data as { id: number }[];
    expect(list.find((x) => x.id === row.id)).toMatchObject({ capacity: 40, waitlist: true, taken: 0 });
    // without them: unlimited and no list, as before; a capacity of 0 is a product not on sale yet
    const plain = await call('addProduct', body(code()), admin);
    expect(await productRow(plain.body.data.id)).toMatchObject({ capacity: null, waitlist: false });
    const none = await call('addProduct', body(code(), { capacity: null }), admin);
    expect((await productRow(none.body.data.id)).capacity).toBeNull();
    const zero = await call('addProduct', body(code(), { capacity: 0 }), admin);
    expect((await productRow(zero.body.data.id)).capacity).toBe(0);
  });

  it('race: parallel checkouts of a product created capped sell exactly its capacity', async () => {
    const r = await call('addProduct', body(code(), { capacity: 3 }), admin);
    const id = r.body.data.id as number;
    const people = await Promise.all(Array.from({ length: 6 }, () => buyer(id, 1)));
    const starts = await Promise.all(people.map((u) => call('startOrder', { offline: true }, u.token)));
    expect(starts.filter((s) => s.status === 200)).toHaveLength(3);
    for (const s of starts.filter((x) => x.status !== 200)) expect(s.body.error).toBe('SoldOut');
    expect((await productRow(id)).taken).toBe(3);
  });
});

describe('the races of joining, leaving and accepting', () => {
  it('joinWaitlist: a double click makes one place; people joining at once get positions 1..n', async () => {
    const p = await newPass(1, { waitlist: true });
    const holder = await buyer(p.id, 1);
    await call('startOrder', { offline: true }, holder.token);
    const u = await newUser();
    const clicks = await Promise.all(
      [1, 2, 3, 4].map(() => call('joinWaitlist', { productId: p.id, qty: 1 }, u.token)),
    );
    expect(clicks.filter((c) => c.status === 200)).toHaveLength(1);
    for (const c of clicks.filter((x) => x.status !== 200)) expect(c.body.error).toBe('AlreadyWaiting');
    const others = await Promise.all([newUser(), newUser(), newUser(), newUser()]);
    const joins = await Promise.all(others.map((o) => call('joinWaitlist', { productId: p.id, qty: 1 }, o.token)));
    expect(joins.map((j) => j.status)).toEqual([200, 200, 200, 200]);
    const positions = await Promise.all(
      others.map(async (o) => (await call('getMyWaitlist', {}, o.token)).body.data.places[0].position),
    );
    expect([...positions].sort()).toEqual([2, 3, 4, 5]);
    expect(await db().select().from(waitlistEntries).where(eq(waitlistEntries.productId, p.id)).all()).toHaveLength(5);
  });

  it('leaveWaitlist: leaving with an offer, twice at once, gives its units back once, to the next in line', async () => {
    for (let round = 0; round < 4; round++) {
      const p = await newPass(2, { waitlist: true });
      const holder = await buyer(p.id, 2);
      const order = (await call('startOrder', { offline: true }, holder.token)).body.data;
      const [a, b, c] = [await newUser(), await newUser(), await newUser()];
      for (const u of [a, b, c]) await call('joinWaitlist', { productId: p.id, qty: 1 }, u.token);
      await call('giveUpOrder', { orderRcptId: order.orderRcptId }, holder.token);
      // a and b hold an offer of one unit each, c waits
      const leaves = await Promise.all([1, 2, 3].map(() => call('leaveWaitlist', { productId: p.id }, a.token)));
      expect(leaves.map((l) => l.status).sort()).toEqual([200, 404, 404]);
      const st = (
        await db()
          .select()
          .from(waitlistEntries)
          .where(eq(waitlistEntries.productId, p.id))
          .orderBy(waitlistEntries.id)
          .all()
      ).map((e) => e.state);
      expect(st).toEqual(['left', 'offered', 'offered']);
      expect((await productRow(p.id)).taken).toBe(2);
    }
  });

  it('acceptWaitlistOffer: the link opened on two phones at once puts the units in the cart once', async () => {
    const p = await newPass(2, { waitlist: true });
    const holder = await buyer(p.id, 2);
    const order = (await call('startOrder', { offline: true }, holder.token)).body.data;
    const u = await newUser();
    await call('joinWaitlist', { productId: p.id, qty: 2 }, u.token);
    await call('giveUpOrder', { orderRcptId: order.orderRcptId }, holder.token);
    const entryOf = async () =>
      (await db().select().from(waitlistEntries).where(eq(waitlistEntries.productId, p.id)).get())!;
    let entry = await entryOf();
    for (let i = 0; i < 40 && !entry.offerToken; i++) {
      await new Promise((r) => setTimeout(r, 50));
      entry = await entryOf();
    }
    const offer = entry.offerToken!;
    const accepts = await Promise.all([1, 2, 3].map(() => call('acceptWaitlistOffer', { offer }, u.token)));
    expect(accepts.map((a) => a.status)).toEqual([200, 200, 200]);
    const cart = (await call('getCartDetails', {}, u.token)).body.data.selectedProducts;
    expect(cart.map((l: { qty: number }) => l.qty)).toEqual([2]);
    const starts = await Promise.all([1, 2].map(() => call('startOrder', { offline: true }, u.token)));
    expect(starts.some((s) => s.status === 200)).toBe(true);
    expect((await productRow(p.id)).taken).toBe(2);
    expect((await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id)).get())!.state).toBe(
      'bought',
    );
  });
});

describe("the admins' gate calls pressed twice at once", () => {
  it('/resolveGateConflict: one resolution, one audit row; /recordCashHandover: one handover per request key', async () => {
    const p = await newPass(1);
    expect((await call('recordGateSale', sale({ lines: [{ productId: p.id, qty: 1 }] }), volunteer)).status).toBe(200);
    // sold past the capacity by a phone that was offline: flagged for the admins
    const flagged = await call(
      'recordGateSale',
      sale({ lines: [{ productId: p.id, qty: 1 }], offline: true }),
      volunteer,
    );
    expect(flagged.body.data.conflict).toBe('oversold');
    const rcpt = flagged.body.data.orderRcptId as string;
    const resolves = await Promise.all(
      [1, 2, 3].map(() => call('resolveGateConflict', { orderRcptId: rcpt, note: 'counted the plates' }, admin)),
    );
    expect(resolves.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const r of resolves.filter((x) => x.status === 409)) expect(r.body.error).toBe('NothingToResolve');
    const orderId = Number(rcpt.replace(/\D/g, ''));
    const resolved = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'gate.conflict_resolved'), eq(auditLog.entityId, String(orderId))))
      .all();
    expect(resolved).toHaveLength(1);

    const me = (await db().get<{ id: number }>(sql`SELECT id FROM users WHERE email = ${VOLUNTEER.email}`))!;
    const day = saleDayOf(Date.now());
    const hand = { volunteerId: me.id, day, amount: 300, requestKey: `hand-${crypto.randomUUID()}` };
    const handed = async () =>
      (await db().get<{ n: number; paise: number }>(
        sql`SELECT count(*) AS n, coalesce(sum(amount_paise), 0) AS paise FROM gate_handovers
            WHERE volunteer_id = ${me.id} AND sale_day = ${day}`,
      ))!;
    const before = await handed();
    const answers = await Promise.all([1, 2, 3, 4].map(() => call('recordCashHandover', hand, admin)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const after = await handed();
    expect(after.n - before.n).toBe(1);
    expect(after.paise - before.paise).toBe(30_000);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(sql`action = 'gate.cash_handed_over' AND json_extract(details, '$.requestKey') = ${hand.requestKey}`)
      .all();
    expect(rows).toHaveLength(1);
  });
});
