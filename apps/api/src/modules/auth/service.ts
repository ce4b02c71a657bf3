import type { KeyObject } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  normalizeEmail,
  type LoginResult,
  type Role,
  type SessionUser,
  type StaffRole,
} from '@registry/domain';
import type { Db } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { sessions, users, type UserRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { reserveLoginAttempt, type ThrottlePolicy } from './attempts.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { readToken, signToken } from './tokens.js';

export { LOGIN_ACTION } from './attempts.js';

export interface AuthSettings {
  key: KeyObject;
  tokenTtlSeconds: number;
  /** Waits after wrong passwords and codes (auth/attempts.ts). */
  throttle: ThrottlePolicy;
  /** A signed, expiring address for a stored profile picture (profile/avatar-links.ts). */
  pictureUrl: PictureUrl;
}

export type PictureUrl = (stored: string) => string;

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/** The signed-in caller, as checked against the database on this request. */
export interface AuthContext {
  userId: string;
  role: Role;
  sessionId: string;
  /**
   * An office account's role (domain admin/staff.ts); null for members and for an office account
   * that has none (which may then do nothing: auth/staff-policy.ts). Read with the session, so
   * a role change, which also ends the person's sessions, takes effect on their next request.
   */
  staffRole: StaffRole | null;
}

/** `profilePicture` is never the stored key: a signed link the browser can load, or null. */
export function toSessionUser(row: UserRow, pictureUrl: PictureUrl): SessionUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    memberNumber: row.memberNumber,
    profilePicture: row.profilePicture ? pictureUrl(row.profilePicture) : null,
    staffRole: row.role === 'admin' ? row.staffRole : null,
  };
}

/**
 * Password sign-in for one portal. Wrong email and wrong password give the same answer;
 * the inactive and wrong-portal answers are given only to someone who knew the password.
 */
export async function loginWithPassword(
  db: Db,
  settings: AuthSettings,
  input: { email: string; password: string; portal: Role },
  client: ClientInfo,
): Promise<LoginResult> {
  const email = normalizeEmail(input.email);

  // The attempt is counted before the password is checked (./attempts.ts).
  const { attempt, retryAfterSeconds } = await reserveLoginAttempt(db, settings, email, client, {
    portal: input.portal,
  });
  if (!attempt) throw new HttpError(429, AUTH_MESSAGES.tooManyAttemptsWait(retryAfterSeconds));

  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk) {
    await attempt.settle(false, user ? 'wrong-password' : 'unknown-email', user?.id);
    throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
  }
  if (!user.active) {
    await attempt.settle(false, 'inactive', user.id);
    throw new HttpError(403, AUTH_MESSAGES.accountInactive);
  }
  if (user.role !== input.portal) {
    await attempt.settle(false, 'wrong-portal', user.id);
    throw new HttpError(
      403,
      input.portal === 'admin' ? AUTH_MESSAGES.wrongPortalAdmin : AUTH_MESSAGES.wrongPortalMember,
    );
  }

  const result = await startSession(db, settings, user, client);
  await attempt.settle(true, 'ok', user.id);
  return result;
}

/** Opens a session for a user who has proved who they are, and signs its token. */
export async function startSession(
  db: Db,
  settings: AuthSettings,
  user: UserRow,
  client: ClientInfo,
): Promise<LoginResult> {
  const expiresAt = new Date(Date.now() + settings.tokenTtlSeconds * 1000);
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 512),
    })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session insert returned no row');
  const token = await signToken(
    { userId: user.id, sessionId: session.id, role: user.role, tokenVersion: user.tokenVersion },
    settings.key,
    settings.tokenTtlSeconds,
  );
  return { token, role: user.role, user: toSessionUser(user, settings.pictureUrl) };
}

/** A valid session behind a token, and when it ends at the latest. */
export interface Authenticated {
  auth: AuthContext;
  expiresAt: Date;
}

/** Every request's session check: built once, a named statement (db/prepared.ts). */
const sessionCheck = (db: Db) =>
  prepared(db, 'session_check', () =>
    db
      .select({ role: users.role, staffRole: users.staffRole, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          // The user is named by the users side of the join: the only condition on sessions is
          // its key, so PostgreSQL looks the session up by its primary key, never through
          // sessions_user_idx among all of that user's past sessions (issue 30).
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(users.id, sql.placeholder('userId')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(users.active, true),
          eq(users.tokenVersion, sql.placeholder('tokenVersion')),
        ),
      )
      .limit(1)
      .prepare('session_check'),
  );

/**
 * The caller behind a bearer token, or undefined when the token is forged, expired, or its
 * session was closed (sign-out, deactivation, password change).
 */
export async function authenticate(
  db: Db,
  key: KeyObject,
  token: string,
): Promise<Authenticated | undefined> {
  const claims = readToken(token, key);
  if (!claims) return undefined;
  const [row] = await sessionCheck(db).execute({
    sessionId: claims.sessionId,
    userId: claims.userId,
    tokenVersion: claims.tokenVersion,
  });
  if (!row) return undefined;
  return {
    auth: {
      userId: claims.userId,
      role: row.role,
      sessionId: claims.sessionId,
      staffRole: row.role === 'admin' ? row.staffRole : null,
    },
    expiresAt: row.expiresAt,
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Ends every open session of a user inside the caller's transaction (token version bumped). */
export async function revokeSessions(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Ends every open session of a user: their existing tokens stop working at once. */
export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db.transaction((tx) => revokeSessions(tx, userId));
}

/**
 * Sets a new password and, in the same transaction, signs the user out everywhere, or, with
 * `keepSessionId`, everywhere but that session (the member changing it on their Profile page).
 * Keeping one session means closing the others' rows instead of bumping the token version.
 */
export async function setPassword(
  db: Db,
  userId: string,
  password: string,
  options: { keepSessionId?: string } = {},
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const { keepSessionId } = options;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    if (keepSessionId === undefined) return revokeSessions(tx, userId);
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          ne(sessions.id, keepSessionId),
        ),
      );
  });
}

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}
