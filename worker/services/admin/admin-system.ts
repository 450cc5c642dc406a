// Settings, roles, the festival-year Overview and the Audit log of the admin console.
import { and, desc, eq, gte, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminSettings,
  auditLogRequest,
  ConsoleCounts,
  Overview,
  overviewRequest,
  StaffMember,
  setUserRoleRequest,
  updateSettingsRequest,
} from '../../../core/contracts/admin';
import { festivalYear } from '../../../core/festival';
import { paiseToRupees, rupeesToPaise } from '../../../core/money';
import { ORDER_STATUS, REFUND_STATUS } from '../../../core/orders';
import { auditLog, collectionEvents, orderLines, orders, users } from '../../../schema/index';
import { refundLines, refunds } from '../../../schema/refunds';
import { raw, runBatch } from '../../lib/d1-batch';
import type { Db } from '../../lib/db';
import { DomainError, notFound, say, told } from '../../lib/errors';
import type { Actor, Me } from '../../lib/session';
import { type Svc, sessionBatchOf } from '../../lib/svc';
import { receiptTotalsOf, receiptTotalsQuery } from '../checkout/receipts';
import { getSettings, putSetting, type Settings } from './settings';
import type { AuditPage, RoleChange, SettingsChange } from '../../../core/contracts/admin';

const ALL_KEYS = [
  'membershipLive',
  'dailyPassLive',
  'bank',
  'convenienceChargeBasisPoints',
  'membershipWaiver',
  'eightyG',
] as const;

function toView(s: Settings): AdminSettings {
  return {
    membershipLive: s.membershipLive,
    dailyPassLive: s.dailyPassLive,
    bank: s.bank,
    convenienceChargePercent: s.convenienceChargeBasisPoints / 100,
    membershipWaiver: {
      enabled: s.membershipWaiver.enabled,
      tiers: s.membershipWaiver.tiers.map((t) => ({
        minSponsorship: paiseToRupees(t.minSponsorshipPaise),
        members: t.members,
      })),
    },
    eightyG: s.eightyG,
  };
}

/** /getAdminSettings: the flags, the bank details and the convenience charge. */
export async function readSettings(s: Svc): Promise<AdminSettings> {
  return settingsView(s.db);
}

const settingsView = async (db: Db) => toView(await getSettings(db, [...ALL_KEYS]));

/**
 * Per setting, for one batch: its audit row, written only while the stored value differs from the new one (and
 * naming the value it replaces, as stored), then the write, which leaves an equal value alone. A double click or
 * two admins saving the same change at once: one change, one row (tests/worker/audit-guards.test.ts runs it
 * against a value changed after it was read).
 */
export function settingsWrites(
  db: Db,
  actorId: number,
  before: Partial<Settings>,
  next: Partial<Settings>,
  changed: readonly (keyof Settings)[],
) {
  return changed.flatMap((k) => {
    const to = JSON.stringify(next[k]);
    const stored = `coalesce((SELECT value FROM settings WHERE key = ?), ?)`;
    return [
      raw(
        `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
         SELECT ?, 'settings.updated', 'setting', ?, json_object('from', json(${stored}), 'to', json(?))
         WHERE ${stored} IS NOT ?`,
        actorId,
        k,
        k,
        JSON.stringify(before[k] ?? null),
        to,
        k,
        JSON.stringify(before[k] ?? null),
        to,
      ),
      putSetting(db, k, next[k] as never, actorId),
    ];
  });
}

export async function updateSettings(
  s: Svc,
  actor: Actor,
  input: z.output<typeof updateSettingsRequest>,
): Promise<SettingsChange> {
  const { db } = s;
  const actorId = actor.userId;
  const before = await getSettings(db, [...ALL_KEYS]);
  const next: Partial<Settings> = {};
  if (input.membershipLive !== undefined) next.membershipLive = input.membershipLive;
  if (input.dailyPassLive !== undefined) next.dailyPassLive = input.dailyPassLive;
  if (input.bank !== undefined) next.bank = input.bank;
  if (input.eightyG !== undefined) next.eightyG = input.eightyG || null;
  if (input.convenienceChargePercent !== undefined) {
    next.convenienceChargeBasisPoints = Math.round(input.convenienceChargePercent * 100);
  }
  if (input.membershipWaiver !== undefined) {
    const w = input.membershipWaiver;
    next.membershipWaiver = {
      enabled: w.enabled ?? before.membershipWaiver.enabled,
      tiers: w.tiers
        ? [...w.tiers]
            .sort((a, b) => a.minSponsorship - b.minSponsorship)
            .map((t) => ({ minSponsorshipPaise: rupeesToPaise(t.minSponsorship), members: t.members }))
        : before.membershipWaiver.tiers,
    };
  }
  const changed = (Object.keys(next) as (keyof Settings)[]).filter(
    (k) => JSON.stringify(next[k]) !== JSON.stringify(before[k]),
  );
  if (changed.length > 0) await runBatch(s.db, settingsWrites(db, actorId, before, next, changed));
  return { ...(await settingsView(db)), changed, ...told('settings.saved') };
}

/** /getStaff: the admins and volunteers. */
export async function listStaff(s: Svc): Promise<StaffMember[]> {
  const rows = await s.db
    .select({ id: users.id, name: users.name, email: users.email, admin: users.isAdmin, volunteer: users.isVolunteer })
    .from(users)
    .where(or(eq(users.isAdmin, true), eq(users.isVolunteer, true)))
    .orderBy(users.email)
    .all();
  return rows;
}

/**
 * Grants or removes the admin or volunteer role of an existing account. An admin cannot remove their
 * own admin role (so the console can never lose its last admin by accident). Removing a role ends the
 * person's sessions, so that a phone left logged in at the venue loses the access at once.
 */
export async function setUserRole(
  s: Svc,
  actor: Actor,
  input: z.output<typeof setUserRoleRequest>,
): Promise<RoleChange> {
  const { db } = s;
  const user = await db.select().from(users).where(eq(users.email, input.email)).get();
  if (!user) throw notFound(say('role.noAccount', { email: input.email }));
  if (input.role === 'admin' && !input.granted && user.id === actor.userId) {
    throw new DomainError('CannotRemoveSelf', say('role.cannotRemoveSelf'), 409);
  }
  const column = input.role === 'admin' ? 'is_admin' : 'is_volunteer';
  const result = { email: user.email, name: user.name, role: input.role, granted: input.granted };
  const now = Date.now();
  // One batch decides (decision 070): the role changes only if it is not already so and, for an admin role
  // being removed, another admin remains (two admins removing each other at once leave one); the audit row
  // follows only that change, and sessions end only for someone who is now neither admin nor volunteer.
  const keepsAnAdmin =
    input.role === 'admin' && !input.granted
      ? `AND (SELECT count(*) FROM users WHERE is_admin = 1 AND id <> ?) > 0`
      : 'AND ? IS NOT NULL';
  const [changed] = await runBatch(s.db, [
    raw(
      `UPDATE users SET ${column} = ?, updated_at = ? WHERE id = ? AND ${column} = ? ${keepsAnAdmin}`,
      input.granted ? 1 : 0,
      now,
      user.id,
      input.granted ? 0 : 1,
      user.id,
    ),
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details) SELECT ?, ?, 'user', ?, ? WHERE changes() = 1`,
      actor.userId,
      input.granted ? 'user.role_granted' : 'user.role_removed',
      String(user.id),
      JSON.stringify({ email: user.email, role: input.role }),
    ),
    raw(
      `UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL
         AND EXISTS (SELECT 1 FROM users WHERE id = ? AND is_admin = 0 AND is_volunteer = 0)`,
      now,
      user.id,
      user.id,
    ),
  ]);
  if (!changed?.meta.changes) {
    const after = await db.select().from(users).where(eq(users.id, user.id)).get();
    const has = input.role === 'admin' ? after?.isAdmin : after?.isVolunteer;
    if (has !== input.granted) {
      throw new DomainError('LastAdmin', say('role.lastAdmin'), 409);
    }
    return {
      ...result,
      changed: false,
      ...told(input.granted ? 'role.alreadyHas' : 'role.doesNotHave', { name: user.name, role: input.role }),
    };
  }
  return {
    ...result,
    changed: true,
    ...told(ROLE_CHANGED[`${input.granted}`][input.role], { name: user.name }),
  };
}

const ROLE_CHANGED = {
  true: { admin: 'role.nowAdmin', volunteer: 'role.nowVolunteer' },
  false: { admin: 'role.noLongerAdmin', volunteer: 'role.noLongerVolunteer' },
} as const;

const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/** The Overview's four aggregates of the year, each gated by `allowed` (a WHERE term on no table). */
function overviewQueries(db: Db, year: string, me: Me) {
  const byCategoryQuery = db
    .select({
      category: orderLines.type,
      paymentType: orders.paymentType,
      orders: sql<number>`count(distinct ${orders.id})`,
      units: sql<number>`sum(${orderLines.qty})`,
      amountPaise: sql<number>`sum(${orderLines.sellPricePaise})`,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.fiscalYear, year), eq(orders.status, ORDER_STATUS.success)))
    .groupBy(orderLines.type, orders.paymentType)
    .orderBy(orderLines.type, orders.paymentType)
    .limit(me.limit());
  // refunds per category and payment type: money given back, and amounts carried to the next year
  const refundRowsQuery = db
    .select({
      category: orderLines.type,
      paymentType: orders.paymentType,
      refundedPaise: sql<number>`sum(CASE WHEN ${refunds.method} = 'carry_over' THEN 0 ELSE ${refundLines.amountPaise} END)`,
      carriedPaise: sql<number>`sum(CASE WHEN ${refunds.method} = 'carry_over' THEN ${refundLines.amountPaise} ELSE 0 END)`,
    })
    .from(refundLines)
    .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
    .innerJoin(orderLines, eq(orderLines.id, refundLines.lineId))
    .innerJoin(orders, eq(orders.id, refundLines.orderId))
    // money given back is money gone: processed refunds only (docs/decisions/145)
    .where(and(eq(orders.fiscalYear, year), eq(refunds.status, REFUND_STATUS.processed)))
    .groupBy(orderLines.type, orders.paymentType)
    .limit(me.limit());
  const totalsRowsQuery = db
    .select({
      status: orders.status,
      paymentType: orders.paymentType,
      n: sql<number>`count(*)`,
      amountPaise: sql<number>`sum(${orders.totalPaise})`,
    })
    .from(orders)
    .where(eq(orders.fiscalYear, year))
    .groupBy(orders.status, orders.paymentType)
    .limit(me.limit());
  const hoursQuery = db
    .select({
      bucket: sql<number>`(${orders.collectedAt} + ${IST_OFFSET_MS}) / 3600000`,
      n: sql<number>`count(*)`,
    })
    .from(orders)
    .where(and(eq(orders.fiscalYear, year), eq(orders.passCollected, 1), sql`${orders.collectedAt} IS NOT NULL`))
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .limit(me.limit());
  // the receipts and credit notes of the year per mode: what the register adds up to
  const receiptsQuery = receiptTotalsQuery(db, year).limit(me.limit());
  return [byCategoryQuery, refundRowsQuery, totalsRowsQuery, hoursQuery, receiptsQuery] as const;
}

/**
 * Totals of the festival year by category (the line's product type) and payment type, over paid orders,
 * and pass collections per hour (India time) on the days passes were collected: the festival days.
 */
export async function overview(s: Svc, input: z.output<typeof overviewRequest>): Promise<Overview> {
  const year = input.fiscalYear ?? festivalYear();
  // four aggregates of the year in the batch of the session lookup: one D1 round trip (docs/decisions/111); each
  // aggregates only for an admin (`me.limit()`: for anyone else D1 reads no order)
  const { results } = await sessionBatchOf(s)((me, db) => overviewQueries(db, year, me));
  const [byCategory, refundRows, totalsRows, hours, receiptRows] = results;
  const refundOf = (category: string, paymentType: string) =>
    refundRows.find((r) => r.category === category && r.paymentType === paymentType);
  const totals = { orders: 0, amount: 0, online: 0, offline: 0, pending: 0 };
  for (const r of totalsRows) {
    if (r.status === ORDER_STATUS.success) {
      totals.orders += Number(r.n);
      totals.amount += Number(r.amountPaise);
      if (r.paymentType === 'Online') totals.online += Number(r.amountPaise);
      else totals.offline += Number(r.amountPaise);
    } else if (r.status === ORDER_STATUS.pendingApproval) {
      totals.pending += Number(r.n);
    }
  }
  return {
    fiscalYear: year,
    byCategory: byCategory.map((r) => {
      const back = refundOf(r.category, r.paymentType);
      const refunded = Number(back?.refundedPaise ?? 0);
      const carried = Number(back?.carriedPaise ?? 0);
      return {
        category: r.category,
        paymentType: r.paymentType,
        orders: Number(r.orders),
        units: Number(r.units),
        amount: paiseToRupees(Number(r.amountPaise)),
        refunded: paiseToRupees(refunded),
        carriedOver: paiseToRupees(carried),
        net: paiseToRupees(Number(r.amountPaise) - refunded - carried),
      };
    }),
    totals: {
      orders: totals.orders,
      amount: paiseToRupees(totals.amount),
      online: paiseToRupees(totals.online),
      offline: paiseToRupees(totals.offline),
      pending: totals.pending,
      refunded: paiseToRupees(refundRows.reduce((n, r) => n + Number(r.refundedPaise), 0)),
      carriedOver: paiseToRupees(refundRows.reduce((n, r) => n + Number(r.carriedPaise), 0)),
      net: paiseToRupees(
        totals.amount - refundRows.reduce((n, r) => n + Number(r.refundedPaise) + Number(r.carriedPaise), 0),
      ),
    },
    collectionsPerHour: hours.map((h) => {
      const start = new Date(Number(h.bucket) * 3600000);
      return { day: start.toISOString().slice(0, 10), hour: start.getUTCHours(), collected: Number(h.n) };
    }),
    receipts: receiptTotalsOf(receiptRows),
  };
}

/**
 * /getConsoleCounts: three counts in the batch of the session lookup (one D1 round trip), each read only for an
 * admin (`me.limit()`), each backed by an index: orders by status, the partial attention index, and collection
 * events by conflict flag.
 */
export async function consoleCounts(s: Svc): Promise<ConsoleCounts> {
  const year = festivalYear();
  const { results } = await sessionBatchOf(s)((me, db) => {
    const n = sql<number>`count(*)`;
    return [
      db.select({ n }).from(orders).where(eq(orders.status, ORDER_STATUS.pendingApproval)).limit(me.limit()),
      db.select({ n }).from(orders).where(isNotNull(orders.attention)).limit(me.limit()),
      db
        .select({ n: sql<number>`count(distinct ${collectionEvents.orderId})` })
        .from(collectionEvents)
        .innerJoin(orders, eq(orders.id, collectionEvents.orderId))
        .where(and(eq(collectionEvents.isConflict, true), eq(orders.fiscalYear, year)))
        .limit(me.limit()),
    ] as const;
  });
  const [pending, attention, conflicts] = results.map((rows) => Number(rows[0]?.n ?? 0));
  return { pendingTransfers: pending ?? 0, attention: attention ?? 0, conflicts: conflicts ?? 0 };
}

export const AUDIT_PAGE = 100;

/** Who did what to which order or product, newest first; each filter is backed by an index of audit_log. */
export async function readAuditLog(s: Svc, f: z.output<typeof auditLogRequest>): Promise<AuditPage> {
  const { db } = s;
  // the actors whose email starts so, as a subquery of the page's one statement (one round trip, decision 111)
  const actorIds = f.actorEmail
    ? db
        .select({ id: users.id })
        .from(users)
        .where(and(gte(users.email, f.actorEmail), lt(users.email, `${f.actorEmail}\u{10FFFF}`)))
        .limit(20)
    : null;
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      actorId: auditLog.actorId,
      actorName: users.name,
      actorEmail: users.email,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        f.action
          ? f.action.endsWith('.')
            ? and(gte(auditLog.action, f.action), lt(auditLog.action, `${f.action}\u{10FFFF}`))
            : eq(auditLog.action, f.action)
          : undefined,
        f.entityType ? eq(auditLog.entityType, f.entityType) : undefined,
        f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
        actorIds ? inArray(auditLog.actorId, actorIds) : undefined,
        f.from !== undefined ? gte(auditLog.at, f.from) : undefined,
        f.to !== undefined ? lte(auditLog.at, f.to) : undefined,
        f.cursor !== undefined ? lt(auditLog.id, f.cursor) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE + 1)
    .all();
  const shown = rows.slice(0, AUDIT_PAGE);
  return {
    rows: shown.map((r) => ({ ...r, details: safeJson(r.details) })),
    nextCursor: rows.length > AUDIT_PAGE ? (shown.at(-1)?.id ?? null) : null,
  };
}

function safeJson(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { raw: text };
  }
}
