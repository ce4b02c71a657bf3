import { and, count, eq, gt, sql } from 'drizzle-orm';
import { lockFor } from '../../db/advisory-lock.js';
import type { Db, Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export const LOGIN_ACTION = 'auth.login';

/** Reason of a reserved attempt whose outcome is not known yet; it counts as a failure. */
export const PENDING_REASON = 'pending';

export interface AccountLimit {
  loginFailuresPerAccount: number;
  accountWindowMinutes: number;
}

/** The audit reason of a sign-in refused unchecked because the account's slots were taken. */
export const THROTTLED_REASON = 'account-throttled';

/**
 * Failed sign-ins of this address within the window: what the per-account limit counts. A
 * refusal by the limit itself is not a failure: its password was never checked, and counting
 * it would let a burst of sign-ins with the right password (more at once than there are
 * slots) lock the account for the whole window.
 */
export async function recentLoginFailures(
  db: Executor,
  email: string,
  windowMinutes: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, LOGIN_ACTION),
        eq(auditLog.subject, email),
        eq(auditLog.success, false),
        gt(auditLog.at, sql`now() - make_interval(mins => ${windowMinutes})`),
        sql`coalesce(${auditLog.details}->>'reason', '') <> ${THROTTLED_REASON}`,
      ),
    );
  return row?.n ?? 0;
}

/** A password check that holds one of the account's failure slots until it is settled. */
export interface ReservedAttempt {
  /** Writes the outcome onto the reserved audit row; a success frees the slot. */
  settle(success: boolean, reason: string, actorId?: string): Promise<void>;
}

/**
 * Takes a failure slot of `email` BEFORE the password is checked: under the account's lock,
 * counts the recent failures and, below the limit, records this attempt as a failure in the
 * same transaction. However many requests arrive at once, on however many servers, at most
 * `loginFailuresPerAccount` of them get past this point in a window; the rest get undefined
 * and must be refused unchecked. A server that dies mid-check leaves the slot taken.
 */
export async function reserveLoginAttempt(
  db: Db,
  limit: AccountLimit,
  email: string,
  client: { ip: string; userAgent: string | undefined },
  details: Record<string, unknown>,
): Promise<ReservedAttempt | undefined> {
  const id = await db.transaction(async (tx) => {
    await lockFor(tx, `${LOGIN_ACTION}:${email}`);
    const failures = await recentLoginFailures(tx, email, limit.accountWindowMinutes);
    if (failures >= limit.loginFailuresPerAccount) return undefined;
    const [row] = await tx
      .insert(auditLog)
      .values({
        action: LOGIN_ACTION,
        success: false,
        subject: email,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 512) ?? null,
        details: { ...details, reason: PENDING_REASON },
      })
      .returning({ id: auditLog.id });
    return row?.id;
  });
  if (id === undefined) return undefined;
  return {
    settle: async (success, reason, actorId) => {
      await db
        .update(auditLog)
        .set({ success, actorId: actorId ?? null, details: { ...details, reason } })
        .where(eq(auditLog.id, id));
    },
  };
}
