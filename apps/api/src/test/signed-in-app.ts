import { afterAll, beforeAll } from 'vitest';
import type { BuildOptions } from '../app.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { userId } from './admin-fixtures.js';
import { ADMIN, MEMBER_A, MEMBER_B, createTestApp, login, type TestApp } from './harness.js';

/** The accounts every test app starts with (see createTestApp), by the name suites give them. */
const ACCOUNTS = {
  admin: { who: ADMIN, portal: 'admin' },
  memberA: { who: MEMBER_A, portal: 'member' },
  memberB: { who: MEMBER_B, portal: 'member' },
} as const;

export type DemoAccount = keyof typeof ACCOUNTS;
export const EVERY_ACCOUNT = ['admin', 'memberA', 'memberB'] as const;

/** A test app and the bearer tokens of the accounts signed in on it. */
export type SignedInApp<A extends DemoAccount> = { t: TestApp } & Record<A, string>;

/**
 * createTestApp with the named accounts signed in: the start of most suites. Only the accounts a
 * suite acts as are signed in, so no suite sees sessions it did not ask for.
 */
export async function createSignedInApp<const A extends DemoAccount>(
  accounts: readonly A[],
  overrides: Partial<Config> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<SignedInApp<A>> {
  const t = await createTestApp(overrides, options);
  const tokens = await Promise.all(
    accounts.map((name) => login(t.app, ACCOUNTS[name].who, ACCOUNTS[name].portal)),
  );
  return Object.assign(
    { t },
    Object.fromEntries(accounts.map((name, i) => [name, tokens[i]])) as Record<A, string>,
  );
}

/**
 * createSignedInApp for a whole suite: started before its first test, closed after its last.
 * The answer is filled in by beforeAll, so tests read it inside their bodies (`suite.t`,
 * `suite.memberA`).
 */
export function signedInSuite<const A extends DemoAccount>(
  accounts: readonly A[],
  overrides: Partial<Config> = {},
): SignedInApp<A> {
  const suite = {} as SignedInApp<A>;
  beforeAll(async () => {
    Object.assign(suite, await createSignedInApp(accounts, overrides));
  });
  afterAll(() => suite.t.close());
  return suite;
}

/** The user ids of the two demo members, for suites that name them as owners. */
export function demoMemberIds(db: Db): Promise<[string, string]> {
  return Promise.all([userId(db, MEMBER_A.email), userId(db, MEMBER_B.email)]);
}
