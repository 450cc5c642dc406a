import { auditLog } from '../../schema/index';
import { type RawStatement, raw } from './d1-batch';
import type { Db } from './db';

export type AuditEntry = {
  actorId: number | null;
  action: string; // dotted: order.approved, pass.collected, user.roles_changed
  entityType: string;
  entityId: string | number;
  details?: Record<string, unknown>;
};

/** Returns the insert so callers put it in the same runBatch() as the change it records. */
export function audit(db: Db, entry: AuditEntry) {
  return db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    details: JSON.stringify(entry.details ?? {}),
  });
}

/** A condition in SQL with ? placeholders, e.g. "EXISTS (SELECT 1 FROM orders WHERE id = ? AND transition_id = ?)". */
export type Guard = { sql: string; params: unknown[] };

/**
 * The audit row of the conditional statement just before it in the same batch: written only when that statement
 * changed a row (SQLite's changes(), which does not count the rows its triggers changed). Nothing may stand between
 * the two.
 */
export function afterChange(entry: AuditEntry): RawStatement {
  return guardedAudit(entry, { sql: 'changes() > 0', params: [] });
}

/**
 * The audit row of a conditional change: written only when `guard` holds when the batch runs, so a change
 * that its own conditional update refused leaves no row. Put it in the same runBatch as that update.
 */
export function guardedAudit(entry: AuditEntry, guard: Guard): RawStatement {
  return raw(
    `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details) SELECT ?, ?, ?, ?, ? WHERE ${guard.sql}`,
    entry.actorId,
    entry.action,
    entry.entityType,
    String(entry.entityId),
    JSON.stringify(entry.details ?? {}),
    ...guard.params,
  );
}
