// Bank statement matching (issue 13, docs/decisions/083-statement-matching.md). The browser reads the statement
// file with core/statement.ts and sends its credits (in chunks under the API's body limit); the server matches
// each credit to a direct transfer waiting for approval by the payer's transaction id and the amount, keeps every
// credit once (a unique key), and approves matched ones through the normal approval path.
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { BatchResponse } from 'drizzle-orm/batch';
import type { z } from 'zod';
import type {
  importStatementRequest,
  StatementImportView,
  StatementLineView,
  statementImportRequest,
} from '../../core/contracts/refunds';
import { t } from '../../core/i18n';
import { formatRcptId } from '../../core/ids';
import { paiseToRupees } from '../../core/money';
import { type Credit, creditKey, matchCredit, type StatementMapping, type Waiting } from '../../core/statement';
import { orders } from '../../schema/orders';
import { statementImports, statementLines, statementMapping } from '../../schema/refunds';
import { audit } from '../lib/audit';
import { batchOf, d1Batch, raw } from '../lib/d1-batch';
import type { Db } from '../lib/db';
import { DomainError } from '../lib/errors';
import { log } from '../lib/log';
import type { Actor } from '../lib/session';
import { type Svc, sessionBatchOf } from '../lib/svc';
import { approveOfflineOrder } from './admin-verify';

/** /getStatementMapping, read with the session lookup in one round trip (SESSION_IN_BATCH), only for an admin. */
export async function getStatementMapping(s: Svc): Promise<StatementMapping> {
  const { results } = await sessionBatchOf(s)(
    (me, db) => [db.select().from(statementMapping).where(eq(statementMapping.id, 1)).limit(me.limit(1))] as const,
  );
  const row = results[0][0];
  try {
    return row ? (JSON.parse(row.mapping) as StatementMapping) : {};
  } catch {
    return {};
  }
}

/** Transfers waiting for approval with a transaction id, not already matched by a credit. */
async function waitingTransfers(s: Svc): Promise<Waiting[]> {
  const rows = await s.db
    .select({ orderId: orders.id, transactionId: orders.transactionId, totalPaise: orders.totalPaise })
    .from(orders)
    .where(and(eq(orders.status, 'Pending Approval'), isNotNull(orders.transactionId)))
    .limit(5000)
    .all();
  const ids = rows.map((r) => r.orderId);
  const taken = new Set<number>();
  for (let i = 0; i < ids.length; i += 90) {
    const used = await s.db
      .select({ orderId: statementLines.orderId })
      .from(statementLines)
      .where(
        and(
          inArray(statementLines.orderId, ids.slice(i, i + 90)),
          inArray(statementLines.state, ['matched', 'approved']),
        ),
      )
      .all();
    for (const u of used) if (u.orderId) taken.add(u.orderId);
  }
  return rows
    .filter((r) => !taken.has(r.orderId))
    .map((r) => ({ orderId: r.orderId, transactionId: r.transactionId!, totalPaise: r.totalPaise }));
}

/** /importStatement: records and matches one chunk of a statement's credits; answers the whole import so far. */
export async function importStatement(
  s: Svc,
  actor: Pick<Actor, 'userId'>,
  input: z.output<typeof importStatementRequest>,
): Promise<StatementImportView> {
  let importId = input.importId ?? null;
  if (importId) {
    const known = await s.db.select().from(statementImports).where(eq(statementImports.id, importId)).get();
    if (!known) throw new DomainError('UnknownImport', t('statement.unknownImport', { id: importId }), 400);
  } else {
    const row = await s.db
      .insert(statementImports)
      .values({ fileName: input.fileName ?? null, uploadedBy: actor.userId })
      .returning({ id: statementImports.id })
      .get();
    importId = row.id;
  }
  if (input.mapping) {
    const mapping = JSON.stringify(input.mapping);
    await s.db
      .insert(statementMapping)
      .values({ id: 1, mapping })
      .onConflictDoUpdate({ target: statementMapping.id, set: { mapping, updatedAt: Date.now() } });
  }
  const waiting = await waitingTransfers(s);
  const claimed = new Set<number>();
  const statements = input.credits.map((c: Credit) => {
    const m = matchCredit(
      c,
      waiting.filter((w) => !claimed.has(w.orderId)),
    );
    if (m.kind !== 'unmatched') claimed.add(m.orderId);
    // a credit already imported (this statement again, or an overlapping one) is kept once: never matched twice
    return raw(
      `INSERT INTO statement_lines (import_id, line_key, row_no, txn_date, narration, reference, amount_paise, order_id,
         expected_paise, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (line_key) DO NOTHING`,
      importId,
      creditKey(c),
      c.row,
      c.date,
      c.narration,
      c.reference,
      c.amountPaise,
      m.kind === 'unmatched' ? null : m.orderId,
      m.kind === 'mismatch' ? m.expectedPaise : null,
      m.kind,
    );
  });
  const results = await d1Batch(s, statements);
  const inserted = results.filter((r) => r.meta.changes === 1).length;
  const duplicates = input.credits.length - inserted;
  await d1Batch(s, [
    raw(
      'UPDATE statement_imports SET credits = credits + ?, duplicates = duplicates + ? WHERE id = ?',
      input.credits.length,
      duplicates,
      importId,
    ),
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details) VALUES (?, 'statement.imported', 'statement', ?, ?)`,
      actor.userId,
      String(importId),
      JSON.stringify({
        fileName: input.fileName ?? null,
        credits: input.credits.length,
        recorded: inserted,
        duplicates,
      }),
    ),
  ]);
  log('info', 'statement.imported', { importId, credits: input.credits.length, duplicates });
  return statementImportAfter(s, importId);
}

/** An import and its credits with their match: two statements for one batch, gated by `limit` in a session batch. */
function statementImportQueries(db: Db, importId: number, limit = -1) {
  return [
    db.select().from(statementImports).where(eq(statementImports.id, importId)).limit(limit),
    db
      .select({
        line: statementLines,
        userName: orders.userName,
      })
      .from(statementLines)
      .leftJoin(orders, eq(orders.id, statementLines.orderId))
      .where(eq(statementLines.importId, importId))
      .orderBy(asc(statementLines.rowNo), asc(statementLines.id))
      .limit(limit),
  ] as const;
}

function statementImportOf(
  importId: number,
  [[imp], lines]: BatchResponse<ReturnType<typeof statementImportQueries>>,
): StatementImportView {
  if (!imp) throw new DomainError('UnknownImport', t('statement.unknownImport', { id: importId }), 400);
  const view = (l: (typeof lines)[number]): StatementLineView => ({
    lineId: l.line.id,
    row: l.line.rowNo,
    date: l.line.txnDate,
    narration: l.line.narration,
    reference: l.line.reference,
    amount: paiseToRupees(l.line.amountPaise),
    state: l.line.state,
    orderRcptId: l.line.orderId ? formatRcptId(l.line.orderId) : null,
    userName: l.userName ?? null,
    expected: l.line.expectedPaise === null ? null : paiseToRupees(l.line.expectedPaise),
  });
  return {
    importId: imp.id,
    fileName: imp.fileName,
    credits: imp.credits,
    duplicates: imp.duplicates,
    lines: lines.map(view),
  };
}

/**
 * /getStatementImport: the credits of one import, with their match, read with the session lookup in one round trip
 * (SESSION_IN_BATCH), only for an admin.
 */
export async function getStatementImport(
  s: Svc,
  input: z.output<typeof statementImportRequest>,
): Promise<StatementImportView> {
  const { results } = await sessionBatchOf(s)((me, db) => statementImportQueries(db, input.importId, me.limit()));
  return statementImportOf(input.importId, results);
}

/** The import's view after a write (importStatement, approveStatementMatches): one batch, no session. */
async function statementImportAfter(s: Svc, importId: number): Promise<StatementImportView> {
  return statementImportOf(importId, await batchOf(s.db, statementImportQueries(s.db, importId)));
}

/**
 * /approveStatementMatches: approves every matched credit of an import, each through the normal approval path
 * (approveOfflineOrder: confirmPayment, the member's email, the audit row). A credit is claimed by one
 * conditional update first, so two admins pressing the button at once approve each order once.
 */
export async function approveStatementMatches(
  s: Svc,
  actor: Actor,
  input: z.output<typeof statementImportRequest>,
): Promise<{ approved: number; skipped: number; message: string; statement: StatementImportView }> {
  const matched = await s.db
    .select({ id: statementLines.id, orderId: statementLines.orderId })
    .from(statementLines)
    .where(and(eq(statementLines.importId, input.importId), eq(statementLines.state, 'matched')))
    .all();
  let approved = 0;
  let skipped = 0;
  for (const line of matched) {
    const [claim] = await d1Batch(s, [
      raw(
        `UPDATE statement_lines SET state = 'approved', updated_at = ? WHERE id = ? AND state = 'matched'`,
        Date.now(),
        line.id,
      ),
    ]);
    if (claim?.meta.changes !== 1 || !line.orderId) {
      skipped++;
      continue;
    }
    const order = await s.db.select().from(orders).where(eq(orders.id, line.orderId)).get();
    try {
      if (order?.status !== 'Pending Approval') throw new Error(`order is ${order?.status}`);
      await approveOfflineOrder(s, actor, { offlineUserId: order.userId, orderPkId: order.id, reason: null });
      approved++;
    } catch (err) {
      // approved or rejected by hand meanwhile: the credit stays with its order, nothing is approved twice
      log('warn', 'statement.approve_skipped', { lineId: line.id, error: String(err) });
      skipped++;
    }
  }
  // each approval has its own row (order.approved, in its batch); this one sums up a press that approved some,
  // so a second press at the same moment, which finds nothing left, leaves none
  if (approved > 0) {
    await audit(s.db, {
      actorId: actor.userId,
      action: 'statement.approved',
      entityType: 'statement',
      entityId: input.importId,
      details: { approved, skipped },
    });
  }
  return {
    approved,
    skipped,
    message: t('statement.approved', { count: approved }),
    statement: await statementImportAfter(s, input.importId),
  };
}
