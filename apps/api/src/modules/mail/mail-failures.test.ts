import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '../../db/schema.js';
import { ADMIN, bearer, createTestApp, login, MEMBER_A, type TestApp } from '../../test/harness.js';
import { freePort } from '../../test/spawned-server.js';
import { smtpMailer, type Mailer } from './mailer.js';
import { enqueueMail, processOutbox } from './outbox.js';

/** A real SMTP server that refuses one mailbox for good (550) and delivers the rest. */
let server: SMTPServer;
let delivered: string[];
const refusedMailboxes = new Set(['gone@example.org']);
let mailer: Mailer;
let t: TestApp;

beforeAll(async () => {
  delivered = [];
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refusedMailboxes.has(address.address)) return callback();
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        delivered.push(...session.envelope.rcptTo.map((a) => a.address));
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'Registry <no-reply@example.org>');
  t = await createTestApp({}, { mailer });
});

afterAll(async () => {
  mailer?.close?.();
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const message = (to: string) => ({ to, subject: `Hello ${to}`, text: 'Hi', html: '<p>Hi</p>' });

describe('mail the server refuses for good', () => {
  it('is marked failed after one attempt, never retried, listed for admins and retried on request', async () => {
    const db = t.database.db;
    await db.delete(mailOutbox);
    await enqueueMail(db, message('gone@example.org'));
    await enqueueMail(db, message('here@example.org'));
    // The outbox's due time is the database's now() in microseconds; a clock read in the same
    // millisecond truncates below it, so the run's "now" is one millisecond on.
    const start = Date.now() + 1;
    expect(await processOutbox(db, mailer, undefined, { now: new Date(start) })).toEqual({
      sent: 1,
      failed: 0,
      refused: 1,
      purged: 0,
    });
    const [failed] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'gone@example.org'));
    expect(failed?.failedAt).toBeInstanceOf(Date);
    expect(failed?.lastError).toMatch(/550/);

    // A day later nothing is tried again: the refusal is permanent.
    const later = new Date(start + 24 * 3_600_000);
    expect(await processOutbox(db, mailer, undefined, { now: later })).toMatchObject({
      sent: 0,
      failed: 0,
      refused: 0,
    });
    expect(delivered).toEqual(['here@example.org']);

    // Administrators see it (without its body); members may not.
    const member = await login(t.app, MEMBER_A);
    const refusedToMember = await t.app.inject({
      method: 'GET',
      url: '/api/admin/mail/problems',
      headers: bearer(member),
    });
    expect(refusedToMember.statusCode).toBe(403);
    const admin = await login(t.app, ADMIN, 'admin');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/mail/problems',
      headers: bearer(admin),
    });
    expect(list.statusCode).toBe(200);
    const problems = (list.json() as { data: Record<string, unknown>[] }).data;
    expect(problems).toEqual([
      expect.objectContaining({
        id: failed?.id,
        to: 'gone@example.org',
        state: 'failed',
        attempts: 1,
        lastError: expect.stringMatching(/550/),
      }),
    ]);
    expect(problems[0]).not.toHaveProperty('text');

    // The mailbox is fixed; the admin retries; the next run delivers it.
    refusedMailboxes.clear();
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/mail/${failed?.id}/retry`,
      headers: bearer(admin),
    });
    expect(retry.statusCode).toBe(200);
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'mail.retry'));
    expect(audit.map((row) => row.subject)).toContain(failed?.id);
    expect(await processOutbox(db, mailer)).toMatchObject({ sent: 1, refused: 0 });
    expect(delivered).toEqual(['here@example.org', 'gone@example.org']);

    // Sent now, so no longer a problem, and not retryable.
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/admin/mail/problems',
      headers: bearer(admin),
    });
    expect((after.json() as { data: unknown[] }).data).toEqual([]);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/mail/${failed?.id}/retry`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/mail/not-an-id/retry',
      headers: bearer(admin),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
  });

  it('lists mail stuck in the outbox as stuck', async () => {
    const db = t.database.db;
    await db.delete(mailOutbox);
    await enqueueMail(db, message('slow@example.org'));
    await db.update(mailOutbox).set({ attempts: 3, lastError: 'connect ECONNREFUSED' });
    const admin = await login(t.app, ADMIN, 'admin');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/mail/problems',
      headers: bearer(admin),
    });
    expect((list.json() as { data: unknown[] }).data).toEqual([
      expect.objectContaining({ to: 'slow@example.org', state: 'stuck', failedAt: null }),
    ]);
    await db.delete(mailOutbox);
  });
});

describe('sent mail retention', () => {
  it('deletes sent rows older than the retention, keeps newer and unsent ones', async () => {
    const db = t.database.db;
    await db.delete(mailOutbox);
    for (const to of ['old@example.org', 'new@example.org', 'unsent@example.org']) {
      await enqueueMail(db, message(to));
    }
    const now = Date.now();
    await db
      .update(mailOutbox)
      .set({ sentAt: new Date(now - 31 * 86_400_000) })
      .where(eq(mailOutbox.to, 'old@example.org'));
    await db
      .update(mailOutbox)
      .set({ sentAt: new Date(now - 86_400_000) })
      .where(eq(mailOutbox.to, 'new@example.org'));
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now + 3_600_000) })
      .where(eq(mailOutbox.to, 'unsent@example.org'));
    const run = await processOutbox(db, mailer, undefined, {
      now: new Date(now),
      sentRetentionMs: 30 * 86_400_000,
    });
    expect(run.purged).toBe(1);
    const left = (await db.select().from(mailOutbox)).map((row) => row.to).sort();
    expect(left).toEqual(['new@example.org', 'unsent@example.org']);
  });
});
