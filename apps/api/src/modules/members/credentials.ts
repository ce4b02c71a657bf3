import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  SET_PASSWORD_LINK_HOURS,
  type BulkCredentialsResult,
  type CredentialOutcome,
} from '@registry/domain';
import type { Db, Executor } from '../../db/client.js';
import { isUuid } from '../../db/ids.js';
import { sessions, setPasswordTokens, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { recordAudit } from '../audit/index.js';
import { hashPassword, assertPasswordAllowed } from '../auth/index.js';
import { enqueueMail, memberCredentialsMail } from '../mail/index.js';
import { loadMember, type Actor } from './admin-service.js';

export interface CredentialDeps {
  db: Db;
  publicUrl: string;
  associationName: string;
  onMailQueued?: () => void;
}

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

type MemberRow = Awaited<ReturnType<typeof loadMember>>;

/**
 * Voids the user's older set-password links and stores a new one, in the caller's transaction:
 * 32 random bytes, kept only as a hash, valid for SET_PASSWORD_LINK_HOURS and once. Answers the
 * address to mail (members' credentials here, staff invitations in modules/staff).
 */
export async function storeSetPasswordLink(
  tx: Executor,
  publicUrl: string,
  userId: string,
): Promise<{ url: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SET_PASSWORD_LINK_HOURS * 3_600_000);
  await tx
    .update(setPasswordTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(setPasswordTokens.userId, userId), isNull(setPasswordTokens.usedAt)));
  await tx.insert(setPasswordTokens).values({ userId, tokenHash: hashToken(token), expiresAt });
  // In the fragment: a browser never sends it, so no server or proxy log ever holds the token.
  return { url: `${publicUrl}/set-password#token=${encodeURIComponent(token)}`, expiresAt };
}

/** Voids the member's older links, stores a new one and queues its mail, in the caller's tx. */
async function issueLink(
  tx: Executor,
  deps: CredentialDeps,
  member: MemberRow,
  actor: Actor,
  details: Record<string, unknown> = {},
): Promise<Date> {
  const { url, expiresAt } = await storeSetPasswordLink(tx, deps.publicUrl, member.id);
  await enqueueMail(
    tx,
    memberCredentialsMail(member.email, deps.associationName, {
      name: [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email,
      memberNumber: member.memberNumber,
      setPasswordUrl: url,
    }),
  );
  await recordAudit(tx, {
    action: 'member.send-credentials',
    success: true,
    actorId: actor.userId,
    subject: member.id,
    ip: actor.ip,
    details: { expiresAt: expiresAt.toISOString(), ...details },
  });
  return expiresAt;
}

/**
 * Emails a member a link to choose their password: 32 random bytes, stored only as a hash,
 * valid for SET_PASSWORD_LINK_HOURS and once. A new link voids every older one of the member.
 */
export async function sendCredentials(
  deps: CredentialDeps,
  memberId: string,
  actor: Actor,
): Promise<{ expiresAt: string }> {
  const expiresAt = await deps.db.transaction(async (tx) => {
    const member = await loadMember(tx, memberId);
    if (!member.active) throw new HttpError(409, ADMIN_MESSAGES.inactiveMember);
    return issueLink(tx, deps, member, actor);
  });
  deps.onMailQueued?.();
  return { expiresAt: expiresAt.toISOString() };
}

/**
 * One member of a bulk send, in its own transaction with the member's row locked, so two bulk
 * requests for the same member (a retry, a second tab) queue one mail: the second finds the
 * first's link still unused and answers `already-sent`.
 */
async function sendOneOfMany(
  deps: CredentialDeps,
  memberId: string,
  actor: Actor,
): Promise<{ email: string | null; outcome: CredentialOutcome }> {
  if (!isUuid(memberId)) return { email: null, outcome: 'not-found' };
  return deps.db.transaction(async (tx) => {
    const [member] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, memberId), eq(users.role, 'member')))
      .for('update');
    if (!member) return { email: null, outcome: 'not-found' as const };
    const email = member.email;
    if (!member.active) return { email, outcome: 'inactive' as const };
    if (member.passwordHash) return { email, outcome: 'has-password' as const };
    const [live] = await tx
      .select({ id: setPasswordTokens.id })
      .from(setPasswordTokens)
      .where(
        and(
          eq(setPasswordTokens.userId, memberId),
          isNull(setPasswordTokens.usedAt),
          gt(setPasswordTokens.expiresAt, new Date()),
        ),
      )
      .limit(1);
    if (live) return { email, outcome: 'already-sent' as const };
    await issueLink(tx, deps, member, actor, { bulk: true });
    return { email, outcome: 'sent' as const };
  });
}

/**
 * `POST admin/members/send-credentials`: a link for each member who has no password and no
 * valid link yet (docs/api.md). Idempotent: repeating it after a lost answer sends nothing
 * twice. At most BULK_CREDENTIALS_MAX ids a request; the mails leave through the outbox at its
 * own pace, so a large import does not flood the mail server.
 */
export async function sendCredentialsToMany(
  deps: CredentialDeps,
  memberIds: readonly string[],
  actor: Actor,
): Promise<BulkCredentialsResult> {
  const results: BulkCredentialsResult['results'] = [];
  for (const id of new Set(memberIds)) {
    results.push({ id, ...(await sendOneOfMany(deps, id, actor)) });
  }
  if (results.some((r) => r.outcome === 'sent')) deps.onMailQueued?.();
  return { results };
}

function invalid(): HttpError {
  return new HttpError(404, ADMIN_MESSAGES.linkInvalid);
}

async function liveToken(db: Db, token: string) {
  if (token.length < 20 || token.length > 100) throw invalid();
  const [row] = await db
    .select({
      id: setPasswordTokens.id,
      userId: setPasswordTokens.userId,
      email: users.email,
      role: users.role,
    })
    .from(setPasswordTokens)
    .innerJoin(users, eq(users.id, setPasswordTokens.userId))
    .where(
      and(
        eq(setPasswordTokens.tokenHash, hashToken(token)),
        isNull(setPasswordTokens.usedAt),
        gt(setPasswordTokens.expiresAt, new Date()),
        eq(users.active, true),
      ),
    );
  if (!row) throw invalid();
  return row;
}

/** What the set-password page is told: the address, and whether it is an office account. */
export interface SetPasswordAnswer {
  email: string;
  /** An office (staff) account: signs in at the office login; spaces allowed in its password. */
  office: boolean;
}

/** Whether a link still works, and for which address (shown on the set-password page). */
export async function checkSetPasswordLink(db: Db, token: string): Promise<SetPasswordAnswer> {
  const { email, role } = await liveToken(db, token);
  return { email, office: role === 'admin' };
}

/**
 * Sets the password from a link and uses the link up, in one transaction: of two requests
 * with the same link only one succeeds. Open sessions end, as with any password change.
 */
export async function setPasswordFromLink(
  db: Db,
  token: string,
  password: string,
  client: { ip: string; userAgent?: string },
): Promise<SetPasswordAnswer> {
  const { role } = await liveToken(db, token);
  // The same rules as every password of that kind of account (office passwords allow spaces).
  assertPasswordAllowed(password, { allowSpaces: role === 'admin' }, 'password');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(setPasswordTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(setPasswordTokens.tokenHash, hashToken(token)),
          isNull(setPasswordTokens.usedAt),
          gt(setPasswordTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: setPasswordTokens.userId });
    if (!used) throw invalid();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, used.userId))
      .returning({ email: users.email });
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, used.userId), isNull(sessions.revokedAt)));
    await recordAudit(tx, {
      action: role === 'admin' ? 'staff.set-password' : 'member.set-password',
      success: true,
      actorId: used.userId,
      subject: used.userId,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    return { email: user?.email ?? '', office: role === 'admin' };
  });
}
