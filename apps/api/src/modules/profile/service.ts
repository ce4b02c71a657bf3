import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  GENERIC_MESSAGES,
  PROFILE_MESSAGES,
  type MemberProfile,
  type ProfileUpdate,
} from '@registry/domain';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { recordAudit } from '../audit/index.js';
import {
  assertPasswordAllowed,
  verifyPassword,
  THROTTLED_REASON,
  reserveLoginAttempt,
  findUser,
  setPassword,
  toSessionUser,
  type AuthContext,
  type AuthSettings,
  type ClientInfo,
  type PictureUrl,
} from '../auth/index.js';
import type { FileStorage } from '../files/index.js';
import { parseStoredPicture, storedPictureName, type PictureFormat } from './avatar-links.js';

export function toMemberProfile(row: UserRow, pictureUrl: PictureUrl): MemberProfile {
  return {
    ...toSessionUser(row, pictureUrl),
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: row.phone,
  };
}

/** The caller's own row; anyone else's id (or a malformed one) is "not found", never 403. */
export async function ownMember(db: Db, auth: AuthContext, id?: string): Promise<UserRow> {
  if (id !== undefined && id !== auth.userId) throw new HttpError(404, GENERIC_MESSAGES.notFound);
  const row = await findUser(db, auth.userId);
  if (!row) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
  return row;
}

/** Blank optional fields are stored as null, as for a member who never filled them in. */
export async function updateProfile(db: Db, userId: string, input: ProfileUpdate) {
  const blankToNull = (value: string) => (value === '' ? null : value);
  const [row] = await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      address: blankToNull(input.address),
      city: blankToNull(input.city),
      state: blankToNull(input.state),
      zip: blankToNull(input.zip),
      phone: blankToNull(input.phone),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
  return row;
}

/**
 * Points the member at a staged picture (or at none): the row changes and the new file becomes
 * permanent in one transaction, the rename being its last step; the old file goes only after
 * the commit. If anything fails the new file is removed and the old picture stays.
 */
export async function replacePicture(
  db: Db,
  storage: FileStorage,
  userId: string,
  next: { key: string; format: PictureFormat } | null,
): Promise<UserRow> {
  let previous: string | null = null;
  let row: UserRow | undefined;
  try {
    row = await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ picture: users.profilePicture })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!before) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
      previous = before.picture;
      const [updated] = await tx
        .update(users)
        .set({
          profilePicture: next ? storedPictureName(next.key, next.format) : null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning();
      if (next) await storage.commit(next.key);
      return updated;
    });
  } catch (error) {
    if (next) await storage.remove(next.key);
    throw error;
  }
  if (!row) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
  const old = previous ? parseStoredPicture(previous) : undefined;
  if (old) await storage.remove(old.key);
  return row;
}

/**
 * Change of password on the Profile page. A wrong current password counts as a failed sign-in
 * of the account (the same per-account limit), and success ends every other session.
 */
export async function changeMemberPassword(
  db: Db,
  settings: AuthSettings,
  auth: AuthContext,
  input: { currentPassword: string; newPassword: string },
  client: ClientInfo,
): Promise<void> {
  const user = await ownMember(db, auth);
  const audit = (success: boolean, reason: string) =>
    recordAudit(db, {
      action: 'password.change',
      success,
      subject: user.id,
      actorId: user.id,
      ...client,
      details: { portal: 'member', via: 'change-memberPassword', reason },
    });
  // Counted as a password try of the account before the check (auth/attempts.ts).
  const { attempt, retryAfterSeconds } = await reserveLoginAttempt(
    db,
    settings,
    user.email,
    client,
    { portal: 'member', via: 'change-memberPassword' },
  );
  if (!attempt) {
    await audit(false, THROTTLED_REASON);
    throw new HttpError(429, AUTH_MESSAGES.tooManyAttemptsWait(retryAfterSeconds));
  }
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await attempt.settle(false, 'wrong-current-password', user.id);
    await audit(false, 'wrong-current-password');
    throw new HttpError(400, PROFILE_MESSAGES.currentPasswordIncorrect, {
      currentPassword: PROFILE_MESSAGES.currentPasswordIncorrect,
    });
  }
  await attempt.settle(true, 'current-password-ok', user.id);
  assertPasswordAllowed(input.newPassword, { allowSpaces: false });
  await setPassword(db, user.id, input.newPassword, { keepSessionId: auth.sessionId });
  await audit(true, 'ok');
}
