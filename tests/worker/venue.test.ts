import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { festivalYear } from '../../core/festival';
import { formatRcptId } from '../../core/ids';
import { auditLog, collectionEvents, orderLines, orders, products, users } from '../../schema/index';
import { ADMIN, type ApiResult, call, db, loginAs, MEMBER, newUser, VOLUNTEER } from './helpers';

type Line = { code: string; qty: number };

/** A paid pass order as checkout leaves it (passCode set, passCollected 0), inserted directly. */
async function passOrder(
  opts: { lines?: Line[]; status?: 'Success' | 'Pending Approval'; passCollected?: 0 | null; year?: string } = {},
) {
  const u = await newUser();
  const user = (await db().select().from(users).where(eq(users.email, u.email)).get())!;
  const lines = opts.lines ?? [
    { code: 'DPKP', qty: 2 },
    { code: 'DNP', qty: 1 },
  ];
  const prods = await db()
    .select()
    .from(products)
    .where(
      inArray(
        products.code,
        lines.map((l) => l.code),
      ),
    );
  const passCode = `pc_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const order = (await db()
    .insert(orders)
    .values({
      userId: user.id,
      kind: 'DAILY_PASS',
      fiscalYear: opts.year ?? festivalYear(),
      status: opts.status ?? 'Success',
      paymentType: 'Online',
      subtotalPaise: 100_000,
      totalPaise: 100_000,
      userName: u.name,
      userEmail: u.email,
      userMobile: u.mobile,
      passCode,
      passCollected: opts.passCollected === undefined ? 0 : opts.passCollected,
      // bought yesterday; older than the sync's settle window, as a real order is by the time a phone syncs
      createdAt: Date.now() - 86_400_000,
      updatedAt: Date.now() - 10_000,
    })
    .returning()
    .get())!;
  await db()
    .insert(orderLines)
    .values(
      lines.map((l) => {
        const p = prods.find((x) => x.code === l.code)!;
        return {
          orderId: order.id,
          productId: p.id,
          type: p.type,
          code: p.code,
          name: p.name,
          qty: l.qty,
          unitPricePaise: p.pricePaise,
          maxPricePaise: p.pricePaise * l.qty,
          sellPricePaise: p.pricePaise * l.qty,
        };
      }),
    );
  return { ...u, order, rcpt: formatRcptId(order.id), passCode };
}

const nonce = () => `n-${crypto.randomUUID()}`;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)).get())!;
const eventsOf = (id: number) =>
  db().select().from(collectionEvents).where(eq(collectionEvents.orderId, id)).orderBy(collectionEvents.id).all();
const auditsOf = (id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'pass.collected'), eq(auditLog.entityId, String(id))))
    .all();
const userId = async (email: string) => (await db().select().from(users).where(eq(users.email, email)).get())!.id;

describe('/markCouponCollected', () => {
  it('collects a paid pass once, recording who and when, with an audit row', async () => {
    const p = await passOrder();
    const token = await loginAs(VOLUNTEER);
    const before = Date.now();
    const r = await call('markCouponCollected', { userName: p.name, userEmail: p.email, orderRcptId: p.rcpt }, token);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      orderRcptId: p.rcpt,
      passCollected: 1,
      collectedBy: 'Demo Volunteer',
      pass: { passCode: p.passCode, qty: 2, lines: [{ code: 'DPKP', qty: 2 }] },
    });
    const row = await orderRow(p.order.id);
    expect(row.passCollected).toBe(1);
    expect(row.collectedBy).toBe(await userId(VOLUNTEER.email));
    expect(row.collectedAt).toBeGreaterThanOrEqual(before);
    expect(await eventsOf(p.order.id)).toMatchObject([{ source: 'online', isConflict: false }]);
    expect(await auditsOf(p.order.id)).toHaveLength(1);
  });

  it('answers a second attempt with 409 "already collected at <time> by <volunteer>" and changes nothing', async () => {
    const p = await passOrder();
    await call(
      'markCouponCollected',
      { userName: p.name, userEmail: p.email, orderRcptId: p.rcpt },
      await loginAs(VOLUNTEER),
    );
    const first = await orderRow(p.order.id);
    const r = await call(
      'markCouponCollected',
      { userName: p.name, userEmail: p.email, orderRcptId: p.rcpt },
      await loginAs(ADMIN),
    );
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('AlreadyCollected');
    expect(r.body.desc).toMatch(/^Pass already collected at \d{2} \w{3} \d{4}, .+ by Demo Volunteer$/);
    expect(await orderRow(p.order.id)).toMatchObject({
      collectedAt: first.collectedAt,
      collectedBy: first.collectedBy,
    });
    expect(await eventsOf(p.order.id)).toHaveLength(1);
    expect(await auditsOf(p.order.id)).toHaveLength(1);
  });

  it('is idempotent for the same tap retried (same nonce): same answer, one event', async () => {
    const p = await passOrder();
    const token = await loginAs(VOLUNTEER);
    const body = { userName: p.name, userEmail: p.email, orderRcptId: p.rcpt, nonce: nonce(), deviceId: 'phone-1' };
    const [a, b] = await Promise.all([
      call('markCouponCollected', body, token),
      call('markCouponCollected', body, token),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.collectedAt).toBe(b.body.data.collectedAt);
    expect(await eventsOf(p.order.id)).toHaveLength(1);
    expect(await auditsOf(p.order.id)).toHaveLength(1);
  });

  it('lets exactly one of two volunteers racing for one pass collect it', async () => {
    const p = await passOrder();
    const [v, a] = [await loginAs(VOLUNTEER), await loginAs(ADMIN)];
    const rs = await Promise.all([
      call('markCouponCollected', { orderRcptId: p.rcpt, nonce: nonce() }, v),
      call('markCouponCollected', { orderRcptId: p.rcpt, nonce: nonce() }, a),
    ]);
    expect(rs.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await eventsOf(p.order.id)).toHaveLength(1);
    expect(await auditsOf(p.order.id)).toHaveLength(1);
  });

  it.each([
    [{}, 400, /orderRcptId is required/],
    [{ orderRcptId: 'hello' }, 400, /orderRcptId is not a contribution id/],
    [{ orderRcptId: 'SMT999999' }, 404, /No contribution SMT999999 was found/],
    [{ orderRcptId: 'SMT000001', nonce: 'x' }, 400, /nonce must be 8 to 100/],
    [{ orderRcptId: 'SMT000001', happenedAt: 'now' }, 400, /happenedAt must be a time/],
    [{ orderRcptId: 'SMT000001', collected: 'yes', happenedAt: 'now' }, 400, /happenedAt must be a time/],
  ])('refuses bad input %# with a desc naming the problem', async (body, status, desc) => {
    const r = await call('markCouponCollected', body, await loginAs(VOLUNTEER));
    expect(r.status).toBe(status);
    expect(r.body.desc).toMatch(desc);
  });

  it('refuses a mismatched email, an unpaid order and an order without passes, changing nothing', async () => {
    const token = await loginAs(VOLUNTEER);
    const p = await passOrder();
    const wrong = await call('markCouponCollected', { userEmail: 'someone@else.org', orderRcptId: p.rcpt }, token);
    expect(wrong).toMatchObject({ status: 400, body: { desc: expect.stringMatching(/userEmail does not match/) } });
    const unpaid = await passOrder({ status: 'Pending Approval' });
    const r1 = await call('markCouponCollected', { orderRcptId: unpaid.rcpt }, token);
    expect(r1).toMatchObject({ status: 409, body: { error: 'NotPaid' } });
    const none = await passOrder({ passCollected: null });
    const r2 = await call('markCouponCollected', { orderRcptId: none.rcpt }, token);
    expect(r2).toMatchObject({ status: 409, body: { error: 'NoPasses' } });
    for (const o of [p, unpaid, none]) {
      expect((await orderRow(o.order.id)).collectedAt).toBeNull();
      expect(await eventsOf(o.order.id)).toHaveLength(0);
    }
  });

  it('is for admins and volunteers only, checked before the body', async () => {
    const p = await passOrder();
    for (const token of [null, await loginAs(MEMBER), p.token]) {
      const r = await call('markCouponCollected', { orderRcptId: p.rcpt }, token);
      expect(r.body.error).toBe('InsufficientAccess');
      const bad = await call('markCouponCollected', { nonsense: 1 }, token);
      expect(bad.body.error).toBe('InsufficientAccess');
    }
    expect((await orderRow(p.order.id)).passCollected).toBe(0);
  });
});

describe('/uploadCollections (offline queue)', () => {
  it('records a queue once: uploading it again changes nothing', async () => {
    const [a, b] = [await passOrder(), await passOrder()];
    const token = await loginAs(VOLUNTEER);
    const t0 = Date.now() - 60_000;
    const items = [
      { nonce: nonce(), passCode: a.passCode, happenedAt: t0, deviceId: 'phone-A' },
      { nonce: nonce(), orderRcptId: b.rcpt, happenedAt: t0 + 1000, deviceId: 'phone-A' },
    ];
    const r1 = await call('uploadCollections', { items }, token);
    expect(r1.status).toBe(200);
    expect(r1.body.data).toMatchObject({ recorded: 2, duplicates: 0, conflicts: 0 });
    expect(await orderRow(a.order.id)).toMatchObject({ passCollected: 1, collectedAt: t0 });
    expect(await orderRow(b.order.id)).toMatchObject({ passCollected: 1, collectedAt: t0 + 1000 });

    const r2 = await call('uploadCollections', { items }, token);
    expect(r2.body.data).toMatchObject({ recorded: 0, duplicates: 2, conflicts: 0 });
    expect(r2.body.data.results.map((x: { status: string }) => x.status)).toEqual(['duplicate', 'duplicate']);
    for (const o of [a, b]) {
      expect(await eventsOf(o.order.id)).toHaveLength(1);
      expect(await auditsOf(o.order.id)).toHaveLength(1);
    }
    // two flushes of the same queue at once (two tabs): still one of each
    const c = await passOrder();
    const item = { nonce: nonce(), passCode: c.passCode, happenedAt: t0 };
    await Promise.all([
      call('uploadCollections', { items: [item] }, token),
      call('uploadCollections', { items: [item] }, token),
    ]);
    expect(await eventsOf(c.order.id)).toHaveLength(1);
    expect(await auditsOf(c.order.id)).toHaveLength(1);
  });

  it('flags a pass collected on two devices; the earlier time counts whatever the upload order', async () => {
    const p = await passOrder();
    const [vol, adm] = [await loginAs(VOLUNTEER), await loginAs(ADMIN)];
    const early = Date.now() - 3_600_000;
    const late = early + 20 * 60_000;
    // the later collection reaches the server first
    const r1 = await call(
      'uploadCollections',
      { items: [{ nonce: nonce(), passCode: p.passCode, happenedAt: late, deviceId: 'phone-B' }] },
      adm,
    );
    expect(r1.body.data.results[0].status).toBe('recorded');
    expect(await orderRow(p.order.id)).toMatchObject({ collectedAt: late, collectedBy: await userId(ADMIN.email) });

    const earlyNonce = nonce();
    const r2 = await call(
      'uploadCollections',
      { items: [{ nonce: earlyNonce, passCode: p.passCode, happenedAt: early, deviceId: 'phone-A' }] },
      vol,
    );
    expect(r2.status).toBe(200); // recorded, never refused
    expect(r2.body.data.results[0]).toMatchObject({
      status: 'recorded',
      collectedAt: early,
      collectedBy: 'Demo Volunteer',
    });
    expect(await orderRow(p.order.id)).toMatchObject({
      collectedAt: early,
      collectedBy: await userId(VOLUNTEER.email),
    });
    const events = await eventsOf(p.order.id);
    expect(events.map((e) => [e.happenedAt, e.isConflict, e.conflictReason])).toEqual([
      [late, true, 'collected_earlier'],
      [early, false, null],
    ]);

    // the admins' conflicts list shows it, with both collections and which one counts
    const list = await call('getCollectionConflicts', {}, adm);
    expect(list.status).toBe(200);
    const entry = list.body.data.find((c: { orderRcptId: string }) => c.orderRcptId === p.rcpt);
    expect(entry).toMatchObject({
      collectedAt: early,
      collectedBy: 'Demo Volunteer',
      events: [
        { happenedAt: early, counted: true, deviceId: 'phone-A', volunteer: 'Demo Volunteer', source: 'offline' },
        { happenedAt: late, counted: false, deviceId: 'phone-B', reason: 'collected_earlier' },
      ],
    });
    // and volunteers cannot read it
    expect((await call('getCollectionConflicts', {}, vol)).status).toBe(403);
  });

  it('keeps an online collection when an offline one that happened later is uploaded, flagging the offline one', async () => {
    const p = await passOrder();
    const vol = await loginAs(VOLUNTEER);
    await call('markCouponCollected', { orderRcptId: p.rcpt }, await loginAs(ADMIN));
    const online = await orderRow(p.order.id);
    const r = await call(
      'uploadCollections',
      { items: [{ nonce: nonce(), passCode: p.passCode, happenedAt: Date.now() }] },
      vol,
    );
    expect(r.body.data.results[0].status).toBe('conflict');
    expect(await orderRow(p.order.id)).toMatchObject({
      collectedAt: online.collectedAt,
      collectedBy: online.collectedBy,
    });
  });

  it('records a collection of an unpaid order as a conflict for the admins without collecting it', async () => {
    const p = await passOrder({ status: 'Pending Approval' });
    const r = await call(
      'uploadCollections',
      { items: [{ nonce: nonce(), orderRcptId: p.rcpt, happenedAt: Date.now() - 5000 }] },
      await loginAs(VOLUNTEER),
    );
    expect(r.body.data.results[0].status).toBe('conflict');
    expect((await orderRow(p.order.id)).passCollected).toBe(0);
    expect(await eventsOf(p.order.id)).toMatchObject([{ isConflict: true, conflictReason: 'not_paid' }]);
  });

  it('orders a day of collections by when they happened, not when they arrived', async () => {
    const orders3 = [await passOrder(), await passOrder(), await passOrder()];
    const base = Date.now() - 2 * 3_600_000;
    const phoneA = await loginAs(VOLUNTEER);
    const phoneB = await loginAs(ADMIN);
    // phone B collected pass 0 at base+30m and pass 1 at base+5m; phone A collected pass 0 at base+10m, pass 2 at base+50m
    await call(
      'uploadCollections',
      {
        items: [
          { nonce: nonce(), passCode: orders3[0]!.passCode, happenedAt: base + 30 * 60_000, deviceId: 'B' },
          { nonce: nonce(), passCode: orders3[1]!.passCode, happenedAt: base + 5 * 60_000, deviceId: 'B' },
        ],
      },
      phoneB,
    );
    await call(
      'uploadCollections',
      {
        items: [
          { nonce: nonce(), passCode: orders3[2]!.passCode, happenedAt: base + 50 * 60_000, deviceId: 'A' },
          { nonce: nonce(), passCode: orders3[0]!.passCode, happenedAt: base + 10 * 60_000, deviceId: 'A' },
        ],
      },
      phoneA,
    );
    const rows = await Promise.all(orders3.map((o) => orderRow(o.order.id)));
    expect(rows.map((r) => r.collectedAt! - base)).toEqual([10 * 60_000, 5 * 60_000, 50 * 60_000]);
    const vid = await userId(VOLUNTEER.email);
    const aid = await userId(ADMIN.email);
    expect(rows.map((r) => r.collectedBy)).toEqual([vid, aid, vid]);
    const flagged = (await eventsOf(orders3[0]!.order.id)).filter((e) => e.isConflict);
    expect(flagged.map((e) => e.deviceId)).toEqual(['B']);
  });

  it('answers an unknown pass as unknown, never refusing the rest; a future time becomes now', async () => {
    const p = await passOrder();
    const r = await call(
      'uploadCollections',
      {
        items: [
          { nonce: nonce(), passCode: 'no_such_pass_123', happenedAt: Date.now() },
          { nonce: nonce(), passCode: p.passCode, happenedAt: Date.now() + 3_600_000 },
        ],
      },
      await loginAs(VOLUNTEER),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.results.map((x: { status: string }) => x.status)).toEqual(['unknown', 'recorded']);
    expect((await orderRow(p.order.id)).collectedAt).toBeLessThanOrEqual(Date.now());
  });

  it('keeps an unknown pass in the audit log once, and never dates a collection before its order', async () => {
    const token = await loginAs(VOLUNTEER);
    const item = { nonce: nonce(), passCode: 'forged_pass_42', happenedAt: Date.now(), deviceId: 'phone-Z' };
    await call('uploadCollections', { items: [item] }, token);
    await call('uploadCollections', { items: [item] }, token);
    const kept = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pass.collect_unknown'), eq(auditLog.entityId, item.nonce)))
      .all();
    expect(kept).toHaveLength(1);
    expect(JSON.parse(kept[0]!.details)).toMatchObject({ passCode: 'forged_pass_42', deviceId: 'phone-Z' });

    // a phone whose clock was reset to 2020 cannot win every conflict
    const p = await passOrder();
    const r = await call(
      'uploadCollections',
      { items: [{ nonce: nonce(), passCode: p.passCode, happenedAt: 1_600_000_000_000 }] },
      token,
    );
    expect(r.body.data.results[0].status).toBe('recorded');
    expect((await orderRow(p.order.id)).collectedAt).toBe(p.order.createdAt);
  });

  it.each([
    [{}, /items must be a list/],
    [{ items: [] }, /items must hold at least one/],
    [{ items: [{ nonce: 'abcdefgh1', happenedAt: Date.now() }] }, /needs orderRcptId or passCode/],
    [{ items: [{ nonce: 'abcdefgh1', passCode: 'abcdef12', happenedAt: 12 }] }, /happenedAt is not a plausible time/],
    [
      {
        items: Array.from({ length: 101 }, (_, i) => ({
          nonce: `abcdefgh${i}`,
          passCode: 'abcdef12',
          happenedAt: Date.now(),
        })),
      },
      /at most 100/,
    ],
  ])('refuses a malformed upload %# whole, recording nothing', async (body, desc) => {
    const before = (await db().select({ n: sql<number>`count(*)` }).from(collectionEvents).get())!.n;
    const r = await call('uploadCollections', body, await loginAs(VOLUNTEER));
    expect(r.status).toBe(400);
    expect(r.body.desc).toMatch(desc);
    expect((await db().select({ n: sql<number>`count(*)` }).from(collectionEvents).get())!.n).toBe(before);
  });

  it('is for admins and volunteers only', async () => {
    const p = await passOrder();
    const r = await call(
      'uploadCollections',
      { items: [{ nonce: nonce(), passCode: p.passCode, happenedAt: Date.now() }] },
      p.token,
    );
    expect(r).toMatchObject({ status: 403, body: { error: 'InsufficientAccess' } });
    expect(await eventsOf(p.order.id)).toHaveLength(0);
  });
});

describe('/getVenuePasses (delta sync) and /searchVenuePasses', () => {
  it("pages through the year's pass orders from a cursor and later sends only what changed", async () => {
    const token = await loginAs(VOLUNTEER);
    const mine = [await passOrder(), await passOrder()];
    await passOrder({ year: '2019-20' }); // another festival year: not on the phone
    // let the earlier tests' collections pass the settle window, so that "nothing changed" holds below
    await new Promise((r) => setTimeout(r, 2100));
    // the whole year, a page at a time
    const all: { orderRcptId: string; passCode: string }[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 100; i++) {
      const r: ApiResult = await call('getVenuePasses', { cursor, limit: 2 }, token);
      expect(r.status).toBe(200);
      expect(r.body.data.rows.length).toBeLessThanOrEqual(2);
      all.push(...r.body.data.rows);
      cursor = r.body.data.cursor;
      if (!r.body.data.more) break;
    }
    expect(new Set(all.map((r) => r.orderRcptId)).size).toBe(all.length);
    for (const m of mine) {
      expect(all.find((r) => r.orderRcptId === m.rcpt)).toMatchObject({
        passCode: m.passCode,
        name: m.name,
        mobile: m.mobile,
        email: '', // a volunteer's phone keeps no email addresses (decision 072)
        qty: 2,
        lines: [{ code: 'DPKP', name: expect.any(String), qty: 2 }],
        passCollected: 0,
      });
    }
    expect(all.every((r) => r.passCode)).toBe(true);

    // nothing changed: an empty page, same cursor
    const idle = await call('getVenuePasses', { cursor }, token);
    expect(idle.body.data).toMatchObject({ rows: [], more: false, cursor });

    // a collection shows up in the next sync once settled
    await call('markCouponCollected', { orderRcptId: mine[0]!.rcpt }, token);
    await new Promise((r) => setTimeout(r, 2100));
    const delta = await call('getVenuePasses', { cursor }, token);
    const changed = delta.body.data.rows as { orderRcptId: string }[];
    // (other tests' collections of this file may be in the delta too; the untouched order is not)
    expect(changed.find((r) => r.orderRcptId === mine[0]!.rcpt)).toMatchObject({
      passCollected: 1,
      collectedBy: 'Demo Volunteer',
    });
    expect(changed.find((r) => r.orderRcptId === mine[1]!.rcpt)).toBeUndefined();
  });

  it('finds pass orders by mobile, email, contribution id or pass code', async () => {
    const token = await loginAs(VOLUNTEER);
    const p = await passOrder();
    for (const q of [p.mobile, p.email.toUpperCase(), p.rcpt, p.passCode]) {
      const r = await call('searchVenuePasses', { q }, token);
      expect(r.status).toBe(200);
      expect(r.body.data.map((x: { orderRcptId: string }) => x.orderRcptId)).toContain(p.rcpt);
    }
    expect((await call('searchVenuePasses', { q: 'ab' }, token)).body.desc).toMatch(/q must be at least 3/);
    expect((await call('searchVenuePasses', { q: p.mobile }, p.token)).status).toBe(403);
    expect((await call('getVenuePasses', {}, p.token)).status).toBe(403);
    expect((await call('getVenuePasses', { cursor: 'x' }, token)).body.desc).toMatch(/cursor is not a cursor/);
  });
});

describe('pass QR for the confirmation email', () => {
  it('renders inside the Worker as a table of cells with the code and lines', async () => {
    const { passQrEmailHtml } = await import('../../worker/lib/pass-qr');
    const { wordsIn } = await import('../../worker/lib/mail');
    const html = passQrEmailHtml(wordsIn('en'), 'K7QX2M9PLA', [{ code: 'DPKP', name: 'Kali Puja Pass', qty: 2 }]);
    expect(html).toMatch(/^<div/);
    expect(html).toContain('<table role="img"');
    expect((html.match(/bgcolor="#000000"/g) ?? []).length).toBeGreaterThan(100);
    expect(html).toContain('K7QX2M9PLA');
    expect(html).toContain('Kali Puja Pass × 2');
  });
});
