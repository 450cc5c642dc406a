// Bank statement matching (docs/decisions/083, 140). The browser reads the statement file with core/statement.ts
// and sends its credits (in chunks under the API's body limit); the server matches each credit to a direct
// transfer waiting for approval by whole payment references (core/references.ts) and the amount, keeps every
// credit once (a unique key) with the imports that held it, and approves matched ones through the normal
// approval path, each naming the credit it used.
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  clearStatementFlagRequest,
  importStatementRequest,
  StatementApproval,
  StatementCredits,
  StatementImportView,
  StatementLineView,
  statementImportRequest,
} from '../../../core/contracts/refunds';
import { formatRcptId } from '../../../core/ids';
import { paiseToRupees } from '../../../core/money';
import { ORDER_STATUS } from '../../../core/orders';
import { creditKey, type Match, matchCredits, type StatementMapping } from '../../../core/statement';
import { orders } from '../../../schema/orders';
import { statementImportLines, statementImports, statementLines, statementMapping } from '../../../schema/refunds';
import { audit } from '../../lib/audit';
import { changesOf, raw, runBatch } from '../../lib/d1-batch';
import type { Db } from '../../lib/db';
import { DomainError, say, told } from '../../lib/errors';
import { log } from '../../lib/log';
import type { Actor } from '../../lib/session';
import { type Svc, sessionBatchOf } from '../../lib/svc';
import { approveOfflineOrder } from './admin-verify';

const NOW = `CAST(unixepoch('subsec') * 1000 AS INTEGER)`;

/** /getStatementMapping, read with the session lookup in one round trip (session: 'batch'), only for an admin. */
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

/** A credit as the write batch reads it from its JSON parameter (json_each). */
type CreditRow = {
  key: string;
  row: number;
  date: string;
  narration: string;
  reference: string;
  amountPaise: number;
  orderId: number | null;
  expected: number | null;
  candidates: string | null;
  state: Match['kind'];
};

function creditRow(c: z.output<typeof importStatementRequest>['credits'][number], m: Match): CreditRow {
  const single = m.kind === 'matched' || m.kind === 'mismatch' ? m.orderId : null;
  const ambiguousOne = m.kind === 'ambiguous' && m.orderIds.length === 1 ? m.orderIds[0]! : null;
  return {
    key: creditKey(c),
    row: c.row,
    date: c.date,
    narration: c.narration,
    reference: c.reference,
    amountPaise: c.amountPaise,
    orderId: single ?? ambiguousOne,
    expected: m.kind === 'mismatch' ? m.expectedPaise : null,
    candidates: m.kind === 'ambiguous' && m.orderIds.length > 1 ? m.orderIds.join(',') : null,
    state: m.kind,
  };
}

const field = (name: keyof CreditRow) => `json_extract(j.value, '$.${name}')`;
/** The credit's transfer still waits for approval when the batch runs (it may have been decided meanwhile). */
const STILL_WAITING = `EXISTS (SELECT 1 FROM orders o WHERE o.id = ${field('orderId')} AND o.status = 'Pending Approval')`;

/**
 * The write of one chunk, one batch: every credit recorded once (a credit imported before keeps its state; one
 * left unmatched is matched again if a transfer fits it now), each linked to this import, then every transfer
 * that now fits more than one open credit sets all of them to "needs a person". The database decides against
 * its own rows, so that two imports at once cannot match one transfer twice.
 */
function chunkStatements(importId: number, rows: CreditRow[]) {
  const json = JSON.stringify(rows);
  const touched = JSON.stringify([...new Set(rows.map((r) => r.orderId).filter((id) => id !== null))]);
  return [
    raw(
      `INSERT INTO statement_lines (import_id, line_key, row_no, txn_date, narration, reference, amount_paise, order_id,
         expected_paise, candidate_ids, state)
       SELECT ?, ${field('key')}, ${field('row')}, ${field('date')}, ${field('narration')}, ${field('reference')},
         ${field('amountPaise')},
         CASE WHEN ${STILL_WAITING} THEN ${field('orderId')} END,
         CASE WHEN ${STILL_WAITING} THEN ${field('expected')} END,
         ${field('candidates')},
         CASE WHEN ${field('orderId')} IS NULL OR ${STILL_WAITING} THEN ${field('state')} ELSE 'unmatched' END
       FROM json_each(?) j WHERE true
       ON CONFLICT (line_key) DO UPDATE SET order_id = excluded.order_id, expected_paise = excluded.expected_paise,
         candidate_ids = excluded.candidate_ids, state = excluded.state, updated_at = ${NOW}
       WHERE statement_lines.state = 'unmatched' AND excluded.state <> 'unmatched'`,
      importId,
      json,
    ),
    raw(
      `INSERT OR IGNORE INTO statement_import_lines (import_id, line_id, row_no)
       SELECT ?, l.id, ${field('row')} FROM json_each(?) j CROSS JOIN statement_lines l ON l.line_key = ${field('key')}`,
      importId,
      json,
    ),
    raw(
      `UPDATE statement_lines SET state = 'ambiguous', updated_at = ${NOW}
       WHERE order_id IN (SELECT value FROM json_each(?)) AND state IN ('matched', 'mismatch')
         AND (SELECT count(*) FROM statement_lines x WHERE x.order_id = statement_lines.order_id
           AND x.state IN ('matched', 'mismatch', 'ambiguous')) > 1`,
      touched,
    ),
  ];
}

/** /importStatement: records and matches one chunk of a statement's credits; answers the whole import so far. */
export async function importStatement(
  s: Svc,
  actor: Pick<Actor, 'userId'>,
  input: z.output<typeof importStatementRequest>,
): Promise<StatementImportView> {
  const keys = input.credits.map(creditKey);
  const mapping = input.mapping ? JSON.stringify(input.mapping) : null;
  const requested =
    input.importId ??
    (
      await runBatch(s.db, [
        s.db
          .insert(statementImports)
          .values({ fileName: input.fileName ?? null, uploadedBy: actor.userId })
          .returning({ id: statementImports.id }),
      ])
    )[0][0]!.id;
  // one round trip: the import, the transfers waiting with their shared ids, and which
  // of these credits were imported before
  const [imported, waiting, known] = await runBatch(s.db, [
    s.db.select({ id: statementImports.id }).from(statementImports).where(eq(statementImports.id, requested)),
    s.db
      .select({ orderId: orders.id, transactionId: orders.transactionId, totalPaise: orders.totalPaise })
      .from(orders)
      .where(and(eq(orders.status, ORDER_STATUS.pendingApproval), isNotNull(orders.transactionId)))
      .limit(5000),
    s.db
      .select({ key: statementLines.lineKey })
      .from(statementLines)
      .where(sql`${statementLines.lineKey} IN (SELECT value FROM json_each(${JSON.stringify(keys)}))`),
  ] as const);
  const importId = imported[0]?.id;
  if (!importId) throw new DomainError('UnknownImport', say('statement.unknownImport', { id: input.importId! }), 400);

  const matches = matchCredits(
    input.credits,
    waiting.map((w) => ({ ...w, transactionId: w.transactionId ?? '' })),
  );
  const rows = input.credits.map((c, i) => creditRow(c, matches[i]!));
  const knownKeys = new Set(known.map((k) => k.key));
  const duplicates = keys.filter((k) => knownKeys.has(k)).length;
  const count = (kind: Match['kind']) => rows.filter((r) => r.state === kind).length;
  // then the chunk's write, the mapping remembered, its counts and its audit row, in one batch
  await runBatch(s.db, [
    ...chunkStatements(importId, rows),
    ...(mapping
      ? [
          s.db
            .insert(statementMapping)
            .values({ id: 1, mapping })
            .onConflictDoUpdate({ target: statementMapping.id, set: { mapping, updatedAt: Date.now() } }),
        ]
      : []),
    raw(
      'UPDATE statement_imports SET credits = credits + ?, duplicates = duplicates + ? WHERE id = ?',
      input.credits.length,
      duplicates,
      importId,
    ),
    audit(s.db, {
      actorId: actor.userId,
      action: 'statement.imported',
      entityType: 'statement',
      entityId: importId,
      details: {
        fileName: input.fileName ?? null,
        credits: input.credits.length,
        recorded: input.credits.length - duplicates,
        duplicates,
        fits: { matched: count('matched'), mismatch: count('mismatch'), ambiguous: count('ambiguous') },
      },
    }),
  ]);
  log('info', 'statement.imported', { importId, credits: input.credits.length, duplicates });
  return statementImportAfter(s, importId);
}

/** A credit with the name of the payer of the contribution it fits. */
function lineQuery(db: Db) {
  return db
    .select({ line: statementLines, userName: orders.userName })
    .from(statementLines)
    .leftJoin(orders, eq(orders.id, statementLines.orderId));
}

type LineRow = { line: typeof statementLines.$inferSelect; userName: string | null };

function lineView(l: LineRow, importId: number | null): StatementLineView {
  const candidates = l.line.candidateIds
    ? l.line.candidateIds.split(',').map((id) => formatRcptId(Number(id)))
    : l.line.state === 'ambiguous' && l.line.orderId
      ? [formatRcptId(l.line.orderId)]
      : [];
  return {
    lineId: l.line.id,
    row: l.line.rowNo,
    date: l.line.txnDate,
    narration: l.line.narration,
    reference: l.line.reference,
    amount: paiseToRupees(l.line.amountPaise),
    state: l.line.state,
    orderRcptId: l.line.orderId ? formatRcptId(l.line.orderId) : null,
    userName: l.line.orderId ? (l.userName ?? null) : null,
    expected: l.line.expectedPaise === null ? null : paiseToRupees(l.line.expectedPaise),
    candidates,
    flag: l.line.flag,
    flagRcptId: l.line.flagOrderId ? formatRcptId(l.line.flagOrderId) : null,
    importedBefore: importId !== null && l.line.importId !== importId,
  };
}

/** An import and every credit it held (new or imported before), with their state now; `limit` as in a session batch. */
function statementImportQueries(db: Db, importId: number, limit = -1) {
  return [
    db.select().from(statementImports).where(eq(statementImports.id, importId)).limit(limit),
    lineQuery(db)
      .innerJoin(
        statementImportLines,
        and(eq(statementImportLines.lineId, statementLines.id), eq(statementImportLines.importId, importId)),
      )
      .orderBy(asc(statementImportLines.rowNo), asc(statementLines.id))
      .limit(limit),
  ] as const;
}

function statementImportOf(
  importId: number,
  [[imp], lines]: readonly [
    readonly { id: number; fileName: string | null; credits: number; duplicates: number }[],
    readonly LineRow[],
  ],
): StatementImportView {
  if (!imp) throw new DomainError('UnknownImport', say('statement.unknownImport', { id: importId }), 400);
  return {
    importId: imp.id,
    fileName: imp.fileName,
    credits: imp.credits,
    duplicates: imp.duplicates,
    lines: lines.map((l) => lineView(l, importId)),
  };
}

/**
 * /getStatementImport: the credits of one import, with their match, read with the session lookup in one round trip
 * (session: 'batch'), only for an admin.
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
  return statementImportOf(importId, await runBatch(s.db, statementImportQueries(s.db, importId)));
}

/**
 * /getStatementCredits: the open credits (matched, amount mismatch or needing a person), which the Pending Orders
 * dialog shows next to Approve, and the credits flagged for the treasurer, newest first; read with the session
 * lookup in one round trip (session: 'batch'), only for an admin.
 */
export async function getStatementCredits(s: Svc): Promise<StatementCredits> {
  const { results } = await sessionBatchOf(s)(
    (me, db) =>
      [
        lineQuery(db)
          .where(inArray(statementLines.state, ['matched', 'mismatch', 'ambiguous']))
          .orderBy(desc(statementLines.id))
          .limit(me.limit(500)),
        lineQuery(db)
          .where(isNotNull(statementLines.flag))
          .orderBy(desc(statementLines.updatedAt))
          .limit(me.limit(200)),
      ] as const,
  );
  return { open: results[0].map((l) => lineView(l, null)), flagged: results[1].map((l) => lineView(l, null)) };
}

/** /clearStatementFlag: the treasurer dealt with a flagged credit; the flag and its audit row go in one batch. */
export async function clearStatementFlag(
  s: Svc,
  actor: Actor,
  input: z.output<typeof clearStatementFlagRequest>,
): Promise<{ message: string }> {
  // the audit row copies the flag it clears, so it is written first, from the row, under the same condition
  const results = await runBatch(s.db, [
    raw(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details)
       SELECT ?, 'statement.flag_cleared', 'statement_line', CAST(id AS TEXT),
         json_object('flag', flag, 'order', flag_order_id, 'reference', reference, 'amountPaise', amount_paise, 'note', ?)
       FROM statement_lines WHERE id = ? AND flag IS NOT NULL`,
      actor.userId,
      input.note ?? null,
      input.lineId,
    ),
    raw(
      `UPDATE statement_lines SET flag = NULL, flag_order_id = NULL, updated_at = ${NOW} WHERE id = ? AND flag IS NOT NULL`,
      input.lineId,
    ),
  ]);
  if (changesOf(results, 1) === 0) throw new DomainError('NotFound', say('statement.noFlag'), 404);
  return told('statement.flagCleared');
}

/**
 * /approveStatementMatches: approves every credit of an import that is matched, exactly and unambiguously, to a
 * transfer waiting for approval, each through the normal approval path (approveOfflineOrder: confirmPayment, the
 * member's email, the audit row naming the credit). The approval's conditional update requires its credit to
 * be still matched to that transfer and the transfer still waiting, and turns the credit 'approved' in the same
 * batch: two admins pressing the button at once approve each transfer once and use each credit once.
 */
export async function approveStatementMatches(
  s: Svc,
  actor: Actor,
  input: z.output<typeof statementImportRequest>,
): Promise<StatementApproval> {
  const [[imp], matched] = await runBatch(s.db, [
    s.db.select({ id: statementImports.id }).from(statementImports).where(eq(statementImports.id, input.importId)),
    s.db
      .select({ line: statementLines, userId: orders.userId })
      .from(statementImportLines)
      .innerJoin(statementLines, eq(statementLines.id, statementImportLines.lineId))
      .innerJoin(orders, eq(orders.id, statementLines.orderId))
      .where(and(eq(statementImportLines.importId, input.importId), eq(statementLines.state, 'matched')))
      .orderBy(asc(statementImportLines.rowNo)),
  ] as const);
  if (!imp) throw new DomainError('UnknownImport', say('statement.unknownImport', { id: input.importId }), 400);
  const done: { orderRcptId: string; lineId: number }[] = [];
  let skipped = 0;
  for (const { line, userId } of matched) {
    const orderPkId = line.orderId!;
    try {
      await approveOfflineOrder(
        s,
        actor,
        { offlineUserId: userId, orderPkId, reason: null },
        {
          lineId: line.id,
          reference: line.reference,
          date: line.txnDate,
          amountPaise: line.amountPaise,
          states: ['matched'],
        },
      );
      done.push({ orderRcptId: formatRcptId(orderPkId), lineId: line.id });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      // approved, rejected or matched elsewhere meanwhile: nothing is approved twice, no credit used twice
      log('warn', 'statement.approve_skipped', { lineId: line.id, error: err.message });
      skipped++;
    }
  }
  // each approval has its own row (order.approved, in its batch); this one sums up a press that approved some,
  // so a second press at the same moment, which finds nothing left, leaves none
  if (done.length > 0) {
    await runBatch(s.db, [
      audit(s.db, {
        actorId: actor.userId,
        action: 'statement.approved',
        entityType: 'statement',
        entityId: input.importId,
        details: { approved: done.length, skipped, approvals: done },
      }),
    ]);
  }
  return {
    approved: done.length,
    skipped,
    ...told('statement.approved', { count: done.length }),
    statement: await statementImportAfter(s, input.importId),
  };
}
