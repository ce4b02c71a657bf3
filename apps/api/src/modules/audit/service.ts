import { count, desc, eq, or } from 'drizzle-orm';
import type { AuditEntry as AuditLogEntry } from '@registry/domain';
import type { Db, Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { ownerSummaries } from '../horse-repository/index.js';

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

/** Who acted: the user's id, and the address their request came from (none for a job). */
export interface AuditActor {
  userId: string | null;
  ip?: string | null;
}

/**
 * The usual audit row: `actor` did `action` to `subject` (the id of what changed, such as a
 * horse or a member) and it succeeded; `details` say what the office needs to see of it.
 */
export function recordDone(
  db: Executor,
  action: string,
  actor: AuditActor,
  subject: string,
  details: Record<string, unknown>,
): Promise<void> {
  return recordAudit(db, {
    action,
    success: true,
    actorId: actor.userId,
    subject,
    ip: actor.ip,
    details,
  });
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

/**
 * What the audit log holds about a user, newest first: actions on them (subject = their id),
 * sign-in attempts with their address (subject = email) and what they did themselves.
 */
export async function auditOfUser(
  db: Db,
  user: { id: string; email: string },
  paging: { page: number; pageSize: number },
) {
  const where = or(
    eq(auditLog.subject, user.id),
    eq(auditLog.subject, user.email),
    eq(auditLog.actorId, user.id),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const people = await ownerSummaries(
    db,
    rows.flatMap((r) => (r.actorId ? [r.actorId] : [])),
  );
  const items: AuditLogEntry[] = rows.map((r) => {
    const actor = r.actorId ? people.get(r.actorId) : undefined;
    return {
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      success: r.success,
      actor: actor ? { id: actor.id, name: actor.name || actor.email, email: actor.email } : null,
      subject: r.subject,
      ip: r.ip,
      userAgent: r.userAgent,
      details: r.details ?? null,
    };
  });
  return { items, total: total?.n ?? 0, page: paging.page, pageSize: paging.pageSize };
}
