import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { officeNoticeChoiceSchema } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';

type NoticeChoice = z.infer<typeof officeNoticeChoiceSchema>;

/** How a staff member hears of new work (docs/api.md "Office notices"); at once by default. */
export async function noticeChoiceOf(db: Db, userId: string): Promise<NoticeChoice> {
  const [row] = await db
    .select({ officeNotices: users.officeNotices })
    .from(users)
    .where(eq(users.id, userId));
  return { officeNotices: row?.officeNotices ?? 'immediate' };
}

/** Saves a staff member's own choice, audited, in one transaction. */
export async function saveNoticeChoice(
  db: Db,
  userId: string,
  { officeNotices }: NoticeChoice,
  ip: string,
): Promise<NoticeChoice> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ officeNotices, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      action: 'staff.office-notices',
      success: true,
      actorId: userId,
      subject: userId,
      ip,
      details: { officeNotices },
    });
  });
  return { officeNotices };
}
