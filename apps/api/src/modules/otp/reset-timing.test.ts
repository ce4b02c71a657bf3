import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { newMember } from '../../test/limit-attacks.js';
import { mailsTo } from '../../test/mail-outbox.js';
import { CODE_REQUEST_ANSWER_MS } from './routes.js';

/** Issue 20 §3: a code request takes as long for an address with an account as without. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

let ip = 0;
async function timed(url: string, email: string): Promise<number> {
  const startedAt = performance.now();
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: { email },
    remoteAddress: `10.40.${Math.floor(++ip / 250)}.${ip % 250}`,
  });
  const took = performance.now() - startedAt;
  expect(response.statusCode).toBe(200);
  return took;
}

describe('code requests for known and unknown addresses', () => {
  it.each(['/api/members/sendotp-password', '/api/members/sendotp'])(
    '%s answers both no sooner than the floor, with medians within noise',
    async (url) => {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        // A new account each time: every known request really issues and queues a code.
        const member = await newMember(t.database.db, 'a-member-passphrase-1');
        known.push(await timed(url, member.email));
        expect(await mailsTo(t.database.db, member.email)).toBe(1);
        unknown.push(await timed(url, `nobody-${i}-${Date.now()}@example.org`));
      }
      for (const took of [...known, ...unknown]) {
        expect(took).toBeGreaterThanOrEqual(CODE_REQUEST_ANSWER_MS - 1);
      }
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(30);
    },
  );
});
