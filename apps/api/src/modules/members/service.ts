import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { recordAudit } from '../audit/index.js';
import { endAllSessions } from '../auth/index.js';

export interface MemberStatus {
  id: string;
  email: string;
  active: boolean;
}

/**
 * Activates or deactivates a member. Deactivation also ends the member's sessions, so an
 * open browser tab loses access on its next request.
 */
export async function setMemberActive(
  db: Db,
  memberId: string,
  active: boolean,
  actor: { userId: string; ip: string },
): Promise<MemberStatus> {
  const [member] = await db
    .update(users)
    .set({ active, updatedAt: new Date() })
    .where(and(eq(users.id, memberId), eq(users.role, 'member')))
    .returning({ id: users.id, email: users.email, active: users.active });
  if (!member) throw new HttpError(404, 'Member not found');
  if (!active) await endAllSessions(db, memberId);
  await recordAudit(db, {
    action: active ? 'member.activate' : 'member.deactivate',
    success: true,
    actorId: actor.userId,
    subject: memberId,
    ip: actor.ip,
  });
  return member;
}
