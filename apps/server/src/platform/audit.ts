import type { DbOrTx } from '../db/client.ts';
import { auditEvents } from '../db/schema/index.ts';

export interface AuditEvent {
  actorId: number | null;
  /** `<subject>.<verb>`, e.g. 'post.create', 'initiative.update', 'profile.password'. */
  action: string;
  subjectType?: string;
  subjectId?: string | number;
  data?: Record<string, unknown>;
  ip?: string | null;
}

/** Appends to the audit history (who changed what, when); call it inside the change's transaction. */
export async function recordAudit(db: DbOrTx, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: event.actorId,
    action: event.action,
    subjectType: event.subjectType ?? null,
    subjectId: event.subjectId === undefined ? null : String(event.subjectId),
    data: event.data ?? {},
    ip: event.ip ?? null,
  });
}
