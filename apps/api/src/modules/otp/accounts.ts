import { and, eq } from 'drizzle-orm';
import type { Role } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** The active account of this portal (`role`) with this (normalised) email, if any. */
export async function activeAccountByEmail(
  db: Db,
  email: string,
  role: Role,
): Promise<{ id: string; email: string } | undefined> {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.email, email), eq(users.role, role), eq(users.active, true)))
    .limit(1);
  return user;
}
