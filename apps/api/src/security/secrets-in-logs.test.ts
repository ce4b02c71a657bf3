import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema.js';
import { MEMBER_A, login, type TestApp } from '../test/harness.js';
import { userId } from '../test/admin-fixtures.js';
import { createSignedInApp } from '../test/signed-in-app.js';
import { logSafeUrl } from '../plugins/log-safe-url.js';

/**
 * Issue 28 §5: a live set-password token was logged at info level (`GET
 * /api/auth/set-password/<token>` as the request's url), and one copied from the log set a
 * member's password. No credential that can sit in an address reaches a log line.
 */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await createSignedInApp(['admin'], { logLevel: 'info' }, { logStream }));
}, 60_000);
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
/** The logged addresses of the requests made since `from`. */
const loggedUrls = (from: number) =>
  logLines
    .slice(from)
    .map((line) => JSON.parse(line) as { req?: { url?: string } })
    .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));

async function emailedToken(email: string): Promise<{ link: string; token: string }> {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
  const link = /https?:\/\/\S+\/set-password\S*/.exec(mail?.text ?? '')?.[0] ?? '';
  const token = decodeURIComponent(/token=([^&\s]+)/.exec(link)?.[1] ?? '');
  return { link, token };
}

describe('secrets in addresses never reach the logs', () => {
  it('a set-password token: checked, mistyped, set and signed in with, it is in no log line', async () => {
    const memberId = await userId(t.database.db, MEMBER_A.email);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/send-membercredentials/${memberId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(sent.statusCode).toBe(200);
    const { link, token } = await emailedToken(MEMBER_A.email);
    expect(token.length).toBeGreaterThan(40);
    // The emailed link keeps it in the fragment, which a browser never sends.
    expect(new URL(link).search).toBe('');
    expect(new URL(link).hash).toBe(`#token=${token}`);

    const from = logLines.length;
    // The page of a link emailed before the fragment, and what an older page asked.
    await get(`/set-password?token=${token}`);
    expect((await get(`/api/auth/set-password/${token}`)).statusCode).toBe(404);
    await get(`/api/auth/set-%70assword/${token}`);
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password/check',
      payload: { token },
    });
    expect(check.statusCode).toBe(200);
    const password = 'meadow-gait-tolt-77';
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, password },
    });
    expect(set.statusCode).toBe(200);
    expect(await login(t.app, { email: MEMBER_A.email, password })).toBeTruthy();

    const logged = logLines.slice(from).join('');
    expect(loggedUrls(from)).toEqual(
      expect.arrayContaining([
        '/set-password?token=[redacted]',
        '/api/auth/set-password/[redacted]',
        '/api/auth/set-password/check',
        '/api/auth/set-password',
      ]),
    );
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(encodeURIComponent(token));
    expect(logged).not.toContain(password);
  });

  it('Stripe’s return address, a sandbox payment page and a mistyped signed link keep their secrets out', async () => {
    const clientSecret = 'pi_3Qabc_secret_Zyx987654321';
    const sandboxId = 'pi_sandbox_0123456789abcdef';
    const signature = 'aVeryLongSignatureThatMustNotBeLogged0123456789';
    const from = logLines.length;
    await get(
      `/payment-complete?payment_intent=pi_3Qabc&payment_intent_client_secret=${clientSecret}&redirect_status=succeeded`,
    );
    await get(`/api/sandbox/payments/${sandboxId}`);
    await t.app.inject({ method: 'POST', url: `/api/sandbox/payments/${sandboxId}/approve` });
    await get(`/uploads/00000000-0000-0000-0000-000000000000/?exp=1&sig=${signature}`);
    const logged = logLines.slice(from).join('');
    for (const secret of [clientSecret, sandboxId, signature]) expect(logged).not.toContain(secret);
    expect(loggedUrls(from)).toEqual(
      expect.arrayContaining([
        '/payment-complete?payment_intent=[redacted]&payment_intent_client_secret=[redacted]&redirect_status=succeeded',
        '/api/sandbox/payments/[redacted]',
        '/api/sandbox/payments/[redacted]/approve',
        '/uploads/00000000-0000-0000-0000-000000000000/?exp=1&sig=[redacted]',
      ]),
    );
  });
});

describe('logSafeUrl', () => {
  it('replaces credentials however they are spelled, and keeps the rest of the address', () => {
    expect(logSafeUrl('/set-password?token=abc')).toBe('/set-password?token=[redacted]');
    expect(logSafeUrl('/x?%74oken=abc&page=2')).toBe('/x?%74oken=[redacted]&page=2');
    expect(logSafeUrl('/x?TOKEN=abc')).toBe('/x?TOKEN=[redacted]');
    expect(logSafeUrl('/api/auth/Set-Password/abc')).toBe('/api/auth/set-password/[redacted]');
    expect(logSafeUrl('/api/auth/set-password/abc?x=1')).toBe(
      '/api/auth/set-password/[redacted]?x=1',
    );
    expect(logSafeUrl('/api/auth/set-password')).toBe('/api/auth/set-password');
    expect(logSafeUrl('/api/auth/set-password/check')).toBe('/api/auth/set-password/check');
    expect(logSafeUrl('/api/auth/set-password/check2')).toBe('/api/auth/set-password/[redacted]');
    expect(logSafeUrl('/set-password#token=abc')).toBe('/set-password#[redacted]');
    expect(logSafeUrl('/api/members/stripe/payment-status?paymentIntentId=pi_sandbox_1')).toBe(
      '/api/members/stripe/payment-status?paymentIntentId=[redacted]',
    );
    expect(logSafeUrl('/api/horses?page=2&q=tolt')).toBe('/api/horses?page=2&q=tolt');
    expect(logSafeUrl('/api/uploads/abc')).toBe('/api/uploads/abc');
  });
});
