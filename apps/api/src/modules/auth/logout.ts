import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';

export const LOGOUT_MESSAGE = 'Signed out';

/**
 * Closes the one session behind the caller's token (ASVS V3.3.1): that token, and any copy of
 * it, is refused from now on. The user's other sessions stay open.
 */
export async function endSession(
  db: Db,
  auth: { userId: string; sessionId: string },
  client: { ip: string; userAgent?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.id, auth.sessionId),
          eq(sessions.userId, auth.userId),
          isNull(sessions.revokedAt),
        ),
      );
    await recordAudit(tx, {
      action: 'auth.logout',
      success: true,
      actorId: auth.userId,
      subject: auth.userId,
      ip: client.ip,
      userAgent: client.userAgent ?? null,
    });
  });
}
