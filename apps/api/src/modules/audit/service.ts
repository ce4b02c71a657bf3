import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export interface AuditEntry {
  action: string;
  success: boolean;
  actorId?: string | null;
  subject?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  /** Never put a password, token, code or card number here. */
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    success: entry.success,
    actorId: entry.actorId ?? null,
    subject: entry.subject ?? null,
    ip: entry.ip ?? null,
    userAgent: entry.userAgent?.slice(0, 512) ?? null,
    details: entry.details ?? null,
  });
}
