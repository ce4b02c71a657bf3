import { and, desc, eq, gte, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { ProblemMail } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { recordAudit } from '../audit/index.js';

/*
 * Mail an administrator should know about (docs/operations.md "Mail"): messages the mail server
 * refused for good, and messages still unsent after STUCK_AFTER_MS or several attempts. Bodies
 * are not listed: they may hold sign-in codes.
 */

/** Unsent after this long (or this many attempts), a message counts as stuck. */
export const STUCK_AFTER_MS = 15 * 60_000;
const STUCK_AFTER_ATTEMPTS = 3;
const LIMIT = 200;

/** Failed and stuck messages, newest first (at most LIMIT). */
export async function mailProblems(db: Db, now = Date.now()): Promise<ProblemMail[]> {
  const stuckBefore = new Date(now - STUCK_AFTER_MS);
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        or(
          isNotNull(mailOutbox.failedAt),
          lt(mailOutbox.createdAt, stuckBefore),
          gte(mailOutbox.attempts, STUCK_AFTER_ATTEMPTS),
        ),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(LIMIT);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.lastError,
    state: row.failedAt ? 'failed' : 'stuck',
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    failedAt: row.failedAt?.toISOString() ?? null,
  }));
}

/** Puts an unsent message back in the queue for now (404 when sent or unknown), audited. */
export async function retryMail(
  db: Db,
  id: string,
  actor: { userId: string; ip: string; userAgent: string },
): Promise<{ id: string }> {
  const [row] = await db
    .update(mailOutbox)
    .set({ failedAt: null, nextAttemptAt: new Date() })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)))
    .returning({ id: mailOutbox.id });
  if (!row) throw new HttpError(404, 'No unsent message with this id');
  await recordAudit(db, {
    action: 'mail.retry',
    success: true,
    actorId: actor.userId,
    subject: row.id,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return { id: row.id };
}
