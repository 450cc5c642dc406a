import { auditLog } from '../../schema/index';
import type { Db } from './db';

export type AuditEntry = {
  actorId: number | null;
  action: string; // dotted: order.approved, pass.collected, user.roles_changed
  entityType: string;
  entityId: string | number;
  details?: Record<string, unknown>;
};

/** Returns the insert so callers put it in the same db.batch() as the change it records. */
export function audit(db: Db, entry: AuditEntry) {
  return db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    details: JSON.stringify(entry.details ?? {}),
  });
}
