import { and, eq, gt, sql } from 'drizzle-orm';
import { lockFor } from '../../db/advisory-lock.js';
import type { Db, Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export const LOGIN_ACTION = 'auth.login';

/** Reason of a reserved attempt whose outcome is not known yet; it counts as a failure. */
export const PENDING_REASON = 'pending';

/** The audit reason of an attempt refused unchecked because it came before its wait was over. */
export const THROTTLED_REASON = 'account-throttled';

/**
 * How wrong secrets (passwords, emailed codes) are throttled
 * (docs/decisions/0043-throttling-without-lock-outs.md). Failures are counted per account and
 * client address, and per account over every address, within `windowHours`. Past the free failures,
 * the next attempt has to wait `firstWaitSeconds` after the last failure, doubling with each
 * further failure, at most `maxWaitSeconds`: a delay, never a lock. The per-account count does not
 * apply to an address the account signed in from within `familiarDays`, so an attacker elsewhere
 * cannot make the member wait at home.
 */
export interface ThrottlePolicy {
  freePerAddress: number;
  freePerAccount: number;
  firstWaitSeconds: number;
  maxWaitSeconds: number;
  windowHours: number;
  familiarDays: number;
}

export const SECRET_THROTTLE: ThrottlePolicy = {
  freePerAddress: 5,
  freePerAccount: 10,
  firstWaitSeconds: 30,
  maxWaitSeconds: 3600,
  windowHours: 24,
  familiarDays: 90,
};

/**
 * What one throttle counts: the audit rows of `action` about `subject` (an email address, or
 * the signed-in user's id) whose `details.method` is `method`. Password rows written before
 * methods were recorded have none and count as `password`.
 */
export interface Channel {
  action: string;
  subject: string;
  method: 'password' | 'otp' | 'reset-code' | 'email-code';
  /**
   * The email address whose successful sign-ins make a client address familiar; none for a
   * signed-in user's own checks, which only that user can make anyway.
   */
  account?: string;
}

export interface ClientAddress {
  ip: string;
  userAgent: string | undefined;
}

/** Seconds the next attempt must wait after `failures` failures, `free` of them without wait. */
export function waitAfter(policy: ThrottlePolicy, failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(policy.firstWaitSeconds * 2 ** (failures - free), policy.maxWaitSeconds);
}

const methodOf = sql`coalesce(${auditLog.details}->>'method', 'password')`;

/**
 * Seconds before `client` may try a secret on `channel` again (0: now). One statement: the
 * failures of the window (from this address since its last success there, and from any
 * address), how long ago the last of each was, and whether the address is familiar.
 */
async function secondsToWait(
  db: Executor,
  policy: ThrottlePolicy,
  channel: Channel,
  ip: string,
): Promise<number> {
  const lastSuccessHere = sql`(select max(s.at) from audit_log s where s.action = ${channel.action} and s.subject = ${channel.subject} and s.success and s.ip = ${ip}::inet and coalesce(s.details->>'method', 'password') = ${channel.method})`;
  const fromHere = sql`${auditLog.ip} = ${ip}::inet and ${auditLog.at} > coalesce(${lastSuccessHere}, '-infinity'::timestamptz)`;
  const familiar =
    channel.account === undefined
      ? sql`false`
      : sql`exists (select 1 from audit_log s where s.action = ${LOGIN_ACTION} and s.subject = ${channel.account} and s.success and s.ip = ${ip}::inet and s.at > now() - make_interval(days => ${policy.familiarDays}))`;
  const [row] = await db
    .select({
      hereFailures: sql<number>`(count(*) filter (where ${fromHere}))::int`,
      hereAgo: sql<
        number | null
      >`extract(epoch from now() - max(${auditLog.at}) filter (where ${fromHere}))::float8`,
      allFailures: sql<number>`count(*)::int`,
      allAgo: sql<number | null>`extract(epoch from now() - max(${auditLog.at}))::float8`,
      familiar: sql<boolean>`${familiar}`,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, channel.action),
        eq(auditLog.subject, channel.subject),
        eq(auditLog.success, false),
        gt(auditLog.at, sql`now() - make_interval(hours => ${policy.windowHours})`),
        sql`${methodOf} = ${channel.method}`,
        sql`coalesce(${auditLog.details}->>'reason', '') <> ${THROTTLED_REASON}`,
      ),
    );
  if (!row) return 0;
  const left = (failures: number, free: number, ago: number | null) =>
    ago === null ? 0 : Math.max(0, waitAfter(policy, failures, free) - Number(ago));
  const here = left(row.hereFailures, policy.freePerAddress, row.hereAgo);
  const all = row.familiar ? 0 : left(row.allFailures, policy.freePerAccount, row.allAgo);
  return Math.max(here, all);
}

/** An attempt holding its place in the counts until it is settled. */
export interface ReservedAttempt {
  /** Writes the outcome onto the reserved audit row; a success ends the address's streak. */
  settle(success: boolean, reason: string, actorId?: string): Promise<void>;
}

/** An attempt may go ahead (`attempt`), or must wait `retryAfterSeconds` first. */
export type Reservation =
  | { attempt: ReservedAttempt; retryAfterSeconds?: undefined }
  | { attempt?: undefined; retryAfterSeconds: number };

/**
 * Takes a place for one check of a secret BEFORE it is checked: under a lock named after the
 * channel, works out the wait (secondsToWait) and, with none, records this attempt as a
 * failure in the same transaction. However many requests arrive at once, on however many
 * servers, each sees the ones before it, so the free failures and the waits hold for the sum.
 * A refusal is audited with THROTTLED_REASON and not counted: its secret was never checked.
 * A server that dies mid-check leaves its failure counted (fails closed).
 */
export async function reserveAttempt(
  db: Db,
  policy: ThrottlePolicy,
  channel: Channel,
  client: ClientAddress,
  details: Record<string, unknown>,
): Promise<Reservation> {
  const row = (success: boolean, reason: string) => ({
    action: channel.action,
    success,
    subject: channel.subject,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    details: { ...details, method: channel.method, reason },
  });
  type Outcome = { wait: number; id?: undefined } | { id: number; wait?: undefined };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    await lockFor(tx, `throttle:${channel.action}:${channel.method}:${channel.subject}`);
    const wait = await secondsToWait(tx, policy, channel, client.ip);
    if (wait > 0) {
      await tx.insert(auditLog).values(row(false, THROTTLED_REASON));
      return { wait };
    }
    const [inserted] = await tx
      .insert(auditLog)
      .values(row(false, PENDING_REASON))
      .returning({ id: auditLog.id });
    if (!inserted) throw new Error('audit insert returned no row');
    return { id: inserted.id };
  });
  if (outcome.id === undefined) return { retryAfterSeconds: outcome.wait };
  const { id } = outcome;
  return {
    attempt: {
      settle: async (success, reason, actorId) => {
        await db
          .update(auditLog)
          .set({
            success,
            actorId: actorId ?? null,
            details: { ...details, method: channel.method, reason },
          })
          .where(eq(auditLog.id, id));
      },
    },
  };
}

/** A password check of the account with this email (either portal, or the Profile page). */
export function reserveLoginAttempt(
  db: Db,
  settings: { throttle: ThrottlePolicy },
  email: string,
  client: ClientAddress,
  details: Record<string, unknown>,
): Promise<Reservation> {
  return reserveAttempt(
    db,
    settings.throttle,
    { action: LOGIN_ACTION, subject: email, method: 'password', account: email },
    client,
    details,
  );
}
