import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';

/** Reading the mail outbox: what the app queued for an address (tests deliver nothing). */

/** The six-digit code of the newest mail to `to` (a sign-in or reset code). */
export async function latestCode(db: Db, to: string): Promise<string> {
  const [row] = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(row?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** How many mails are queued for `to`. */
export async function mailsTo(db: Db, to: string): Promise<number> {
  const rows = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, to));
  return rows.length;
}
