import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { mailOutbox } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fileMailer, type MailMessage, type Mailer } from './mailer.js';
import { enqueueMail, processOutbox, retryDelayMs } from './outbox.js';
import { escapeHtml, otpMail } from './templates.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Refuses the first `failures` sends, then accepts. */
function flakyMailer(failures: number): Mailer & { sent: MailMessage[] } {
  let left = failures;
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      if (left > 0) {
        left -= 1;
        throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      }
      sent.push(message);
    },
  };
}

describe('mail outbox', () => {
  it('retries with growing delays while the server refuses, and loses nothing', async () => {
    const db = t.database.db;
    await db.delete(mailOutbox);
    const messages = [1, 2, 3].map((n) =>
      otpMail(`to${n}@example.org`, 'Test Assoc', 'login', '12345' + n, 10),
    );
    await db.transaction(async (tx) => {
      for (const m of messages) await enqueueMail(tx, m);
    });
    const mailer = flakyMailer(5);
    // The outbox's due time is the database's now() in microseconds; a clock read in the same
    // millisecond truncates below it, so the run's "now" is one millisecond on.
    let now = Date.now() + 1;
    let run = await processOutbox(db, mailer, undefined, { now: new Date(now) });
    expect(run).toEqual({ sent: 0, failed: 3, refused: 0, purged: 0 });
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'to1@example.org'));
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    expect(row?.lastError).toContain('ECONNREFUSED');
    expect(row!.nextAttemptAt.getTime()).toBe(now + retryDelayMs(1));

    // Not due yet: nothing happens.
    run = await processOutbox(db, mailer, undefined, { now: new Date(now + 1000) });
    expect(run).toEqual({ sent: 0, failed: 0, refused: 0, purged: 0 });

    now += retryDelayMs(1);
    run = await processOutbox(db, mailer, undefined, { now: new Date(now) });
    expect(run).toEqual({ sent: 1, failed: 2, refused: 0, purged: 0 });

    now += retryDelayMs(2);
    run = await processOutbox(db, mailer, undefined, { now: new Date(now) });
    expect(run).toEqual({ sent: 2, failed: 0, refused: 0, purged: 0 });
    expect(mailer.sent.map((m) => m.to).sort()).toEqual(messages.map((m) => m.to).sort());
    const rows = await db.select().from(mailOutbox);
    expect(rows.every((r) => r.sentAt !== null && r.lastError === null)).toBe(true);

    // Sent mail is never sent again.
    run = await processOutbox(db, mailer, undefined, { now: new Date(now + 10 * 3_600_000) });
    expect(run).toEqual({ sent: 0, failed: 0, refused: 0, purged: 0 });
  });

  it('is sent only if the transaction that queued it commits', async () => {
    const db = t.database.db;
    await db.delete(mailOutbox);
    await db
      .transaction(async (tx) => {
        await enqueueMail(tx, otpMail('rolled@example.org', 'A', 'login', '111111', 10));
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("sends a message due within the run's millisecond (the column keeps microseconds)", async () => {
    const db = t.database.db;
    await db.delete(mailOutbox);
    await enqueueMail(db, otpMail('same-ms@example.org', 'A', 'login', '333333', 10));
    // Due 0.456 ms into the millisecond the run reads its clock at, as now() writes it.
    await db.execute(sql`update mail_outbox set next_attempt_at = '2026-11-28T10:00:00.123456Z'`);
    const mailer = flakyMailer(0);
    const run = await processOutbox(db, mailer, undefined, {
      now: new Date('2026-11-28T10:00:00.123Z'),
    });
    expect(run.sent).toBe(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });

  it('is delivered by app.mail.processOutbox with the configured mailer', async () => {
    const mailer = flakyMailer(0);
    const other = await createTestApp({}, { mailer });
    try {
      await enqueueMail(other.database.db, otpMail('a@example.org', 'A', 'login', '222222', 10));
      expect(await other.app.mail.processOutbox()).toEqual({
        sent: 1,
        failed: 0,
        refused: 0,
        purged: 0,
      });
      expect(mailer.sent).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('file mailer (no SMTP_URL)', () => {
  it('writes an .eml file and logs the subject, never the body', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'registry-mail-'));
    let logged = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    try {
      const mailer = fileMailer(dir, 'Registry <no-reply@example.org>', app.log);
      await mailer.send(otpMail('m@example.org', 'Test Assoc', 'password-reset', '987654', 10));
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = readFileSync(path.join(dir, files[0]!), 'utf8');
      expect(eml).toMatch(/^Subject: Test Assoc: your password reset code$/m);
      expect(eml).toMatch(/^To: m@example.org$/m);
      expect(eml).toMatch(/^From: Registry <no-reply@example.org>$/m);
      expect(eml).toContain('multipart/alternative');
      expect(eml).toContain('987654');
      expect(logged).toContain('Test Assoc: your password reset code');
      expect(logged).not.toContain('987654');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('templates', () => {
  it('escapes HTML and carries the association name', () => {
    const mail = otpMail('a@example.org', '<Gaited & Co>', 'email-change', '123456', 10);
    expect(mail.subject).toBe('<Gaited & Co>: confirm your new email address');
    expect(mail.html).toContain('&lt;Gaited &amp; Co&gt;');
    expect(mail.html).not.toContain('<Gaited');
    expect(mail.text).toContain('123456');
    expect(escapeHtml(`"'`)).toBe('&quot;&#39;');
  });
});

describe('outbox worker', () => {
  it('sends a reset code at once when the app runs its worker, and stops on close', async () => {
    const mailer = flakyMailer(0);
    const other = await createTestApp({}, { mailer, mailWorker: true });
    try {
      const response = await other.app.inject({
        method: 'POST',
        url: '/api/members/sendotp-password',
        payload: { email: 'member1@example.org' },
      });
      expect(response.statusCode).toBe(200);
      await expect.poll(() => mailer.sent.length, { timeout: 3000 }).toBe(1);
      expect(mailer.sent[0]?.to).toBe('member1@example.org');
    } finally {
      await other.close();
    }
  });
});
