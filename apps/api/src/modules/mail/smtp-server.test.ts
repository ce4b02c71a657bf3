import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { mailOutbox } from '../../db/schema.js';
import { MEMBER_A, createTestApp, login, type TestApp } from '../../test/harness.js';
import { smtpMailer, type Mailer } from './mailer.js';
import { enqueueMail, retryDelayMs } from './outbox.js';
import { emailChangedMail } from './templates.js';

interface Captured {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server (the `smtp-server` package) on a port of its own. While `refusing`, every
 * recipient gets "421 try again later", as a server does during maintenance.
 */
function startSmtp(port: number, captured: Captured[], state: { refusing: boolean }) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.refusing) return callback();
      callback(
        Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        captured.push({
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise<SMTPServer>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** A port nobody listens on yet: the first delivery attempts find the server down. */
async function freePort(): Promise<number> {
  const probe = new SMTPServer({ logger: false });
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.server.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(resolve));
  return port;
}

/** Quoted-printable soft line breaks and escapes undone, enough to read a code. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

let t: TestApp;
let mailer: Mailer;
let port: number;
beforeAll(async () => {
  port = await freePort();
  mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'Registry <no-reply@example.org>');
  t = await createTestApp({}, { mailer });
});
afterAll(async () => {
  mailer.close?.();
  await t.close();
});

describe('mail through a real SMTP server that is down, then refusing, then accepting', () => {
  it('loses nothing, delivers each message once, records the retries; the mailed code works', async () => {
    const others = ['one@example.org', 'two@example.org', 'three@example.org'];
    for (const to of others) {
      await enqueueMail(t.database.db, emailChangedMail(to, 'Assoc', { newEmail: `new-${to}` }));
    }
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/members/sendotp-password',
      payload: { email: MEMBER_A.email },
    });
    expect(reset.statusCode).toBe(200);
    const expected = [...others, MEMBER_A.email].sort();

    // 1. Nobody listens on the port.
    // The outbox's due time is the database's now() in microseconds; a clock read in the same
    // millisecond truncates below it, so the run's "now" is one millisecond on.
    const start = Date.now() + 1;
    expect(await t.app.mail.processOutbox({ now: new Date(start) })).toEqual({
      sent: 0,
      failed: 4,
      refused: 0,
      purged: 0,
    });

    // 2. The server is up but answers 421 to every recipient.
    const captured: Captured[] = [];
    const state = { refusing: true };
    const server = await startSmtp(port, captured, state);
    try {
      const second = new Date(start + retryDelayMs(1));
      // Not yet due just before the first retry delay: backoff is honoured.
      expect(await t.app.mail.processOutbox({ now: new Date(second.getTime() - 1000) })).toEqual({
        sent: 0,
        failed: 0,
        refused: 0,
        purged: 0,
      });
      expect(await t.app.mail.processOutbox({ now: second })).toEqual({
        sent: 0,
        failed: 4,
        refused: 0,
        purged: 0,
      });
      expect(captured).toHaveLength(0);
      const refused = await t.database.db.select().from(mailOutbox);
      for (const row of refused) {
        expect(row.attempts).toBe(2);
        expect(row.sentAt).toBeNull();
        expect(row.lastError).toMatch(/421/);
      }

      // 3. The server accepts again.
      state.refusing = false;
      const third = new Date(second.getTime() + retryDelayMs(2));
      expect(await t.app.mail.processOutbox({ now: third })).toEqual({
        sent: 4,
        failed: 0,
        refused: 0,
        purged: 0,
      });
      const later = new Date(third.getTime() + 24 * 3_600_000);
      expect(await t.app.mail.processOutbox({ now: later })).toEqual({
        sent: 0,
        failed: 0,
        refused: 0,
        purged: 0,
      });
    } finally {
      await new Promise<void>((resolve) => server.close(resolve));
    }

    expect(captured.flatMap((mail) => mail.to).sort()).toEqual(expected);
    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.sentAt).not.toBeNull();
      expect(row.attempts).toBe(3);
      expect(row.lastError).toBeNull();
    }

    // The code read from the delivered mail resets the password.
    const resetMail = captured.find((mail) => mail.to.includes(MEMBER_A.email));
    const code = /reset your password:\s+(\d{6})\b/.exec(
      decodeQuotedPrintable(resetMail!.raw),
    )?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/members/verifyOtp-updatepassword',
      payload: { email: MEMBER_A.email, otp: code },
    });
    expect(verified.statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/members/change-password',
      payload: { email: MEMBER_A.email, otp: code, newPassword: 'after-the-outage-7' },
    });
    expect(changed.statusCode).toBe(200);
    await login(t.app, { email: MEMBER_A.email, password: 'after-the-outage-7' });
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, MEMBER_A.email));
    expect(row?.sentAt).not.toBeNull();
  });
});
