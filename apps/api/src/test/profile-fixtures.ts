import { users } from '../db/schema.js';
import { login, type TestApp } from './harness.js';
import { hashPassword } from '../modules/auth/passwords.js';

export const MEMBER_PASSWORD = 'first-password-1';

let counter = 0;

/** A fresh active member with a known password, signed in; tests that change accounts use one. */
export async function signedInMember(
  t: TestApp,
  prefix: string,
): Promise<{ id: string; email: string; token: string }> {
  const email = `${prefix}-${++counter}-${Date.now()}@example.org`;
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      role: 'member',
      passwordHash: await hashPassword(MEMBER_PASSWORD),
      firstName: 'Ann',
      lastName: 'Lee',
      memberNumber: `T-${prefix}-${counter}`,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no member');
  return { id: row.id, email, token: await login(t.app, { email, password: MEMBER_PASSWORD }) };
}
