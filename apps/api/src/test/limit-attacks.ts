import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { auditLog, otpCodes, users } from '../db/schema.js';
import { hashPassword } from '../modules/auth/passwords.js';

/**
 * Concurrent brute-force attempts against one account (issue 20): many requests at once, spread
 * over several client addresses and, when given several apps, over several servers sharing one
 * database. Used by the per-account limit tests on PGlite, PostgreSQL and two servers.
 */
export const ATTEMPTS = 100;
/** Where the right secret goes: long after the documented limit of 5 wrong tries. */
export const RIGHT_AT = 90;

let accounts = 0;
export async function newMember(db: Db, password: string): Promise<{ id: string; email: string }> {
  const email = `attacked-${++accounts}-${Date.now()}@example.org`;
  const [row] = await db
    .insert(users)
    .values({ email, role: 'member', passwordHash: await hashPassword(password) })
    .returning({ id: users.id });
  if (!row) throw new Error('no member');
  return { id: row.id, email };
}

/** One request of a burst, without its address (fireAtOnce gives each one). */
export interface Attempt {
  method: 'POST' | 'PUT';
  url: string;
  payload: object;
}

/** Sends all requests at once; request i goes to server i % apps.length from one of 5 addresses. */
export async function fireAtOnce(
  apps: FastifyInstance[],
  count: number,
  request: (i: number) => Attempt,
): Promise<number[]> {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const app = apps[i % apps.length] as FastifyInstance;
      return app.inject({ ...request(i), remoteAddress: `10.20.${i % 5}.${1 + (i % 3)}` });
    }),
  );
  return responses.map((response) => response.statusCode);
}

export const wrongCode = (code: string, i: number) =>
  String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

/** Wrong codes that reached the comparison: every one of them is counted on its code row. */
export async function checkedWrongCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${otpCodes.attempts}), 0)::int` })
    .from(otpCodes)
    .where(eq(otpCodes.userId, userId));
  return row?.n ?? 0;
}

/** Password checks that were made (and found wrong) for this address. */
export async function checkedWrongPasswords(db: Db, email: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'auth.login'),
        eq(auditLog.subject, email),
        sql`${auditLog.details}->>'reason' = 'wrong-password'`,
      ),
    );
  return row?.n ?? 0;
}
