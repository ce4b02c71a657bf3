import { expect } from 'vitest';
import type { TestApp } from './harness.js';
import {
  REGISTER,
  leftovers,
  sendForm,
  validFiles,
  validValues,
  type Leftovers,
  type Upload,
} from './multipart.js';
import { signedInSuite } from './signed-in-app.js';

/**
 * The member register route as the registration suites send it (a valid form by default, as
 * the suite's member), and the check that a refused request left nothing behind. `suite` gives
 * the suite's app and member once its beforeAll has run.
 */
export function registerRoute(suite: () => { t: TestApp; member: string }) {
  const register = (
    values: Record<string, string | undefined> = validValues(),
    files: Array<[string, Upload]> = validFiles(),
    token: string | null = suite().member,
  ) => sendForm(suite().t.app, token ?? undefined, REGISTER, values, files);
  const snapshot = () => leftovers(suite().t);
  /** A refused request must leave nothing behind: no row, no file. */
  const expectNothingLeft = async (before: Leftovers) =>
    expect(await leftovers(suite().t)).toEqual(before);
  return { register, snapshot, expectNothingLeft };
}

/** A registration suite: its own app with member A signed in, and its register route. */
export function registerSuite() {
  const suite = signedInSuite(['memberA']);
  return { suite, ...registerRoute(() => ({ t: suite.t, member: suite.memberA })) };
}
