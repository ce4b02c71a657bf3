import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import type { MailMessage, Mailer } from './mailer.js';

/** How long a claimed message is hidden from other workers while it is being sent. */
const CLAIM_MS = 5 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
const BATCH = 20;

/** Queues a message in the caller's transaction: it goes out only if that transaction commits. */
export async function enqueueMail(db: Executor, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values(message);
}

/**
 * Delay before attempt `attempts + 1`: 30 s, 1 min, 2 min ... at most an hour. A temporary
 * failure (no connection, 4xx) is retried for as long as it lasts; a permanent one is not.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface OutboxRun {
  sent: number;
  /** Failed this time and will be tried again. */
  failed: number;
  /** Refused for good (SMTP 5xx): marked failed, never tried again unless an admin retries. */
  refused: number;
  /** Sent rows deleted because they were older than the retention. */
  purged: number;
}

/**
 * SMTP 5xx replies are permanent (RFC 5321 §4.2.1): the same message will be refused again, so
 * retrying only repeats the refusal. nodemailer puts the reply code on the error.
 */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Deletes sent messages older than `retentionMs` (MAIL_SENT_RETENTION_DAYS): they hold codes and addresses. */
export async function purgeSentMail(
  db: Db,
  retentionMs: number,
  now = new Date(),
): Promise<number> {
  const removed = await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.sentAt, new Date(now.getTime() - retentionMs)))
    .returning({ id: mailOutbox.id });
  return removed.length;
}

/**
 * Sends every due message once. Rows are claimed with `for update skip locked` and pushed
 * forward by a lease, so several servers never send one message twice at the same time.
 */
export async function processOutbox(
  db: Db,
  mailer: Mailer,
  log?: FastifyBaseLogger,
  options: { now?: Date; sentRetentionMs?: number } = {},
): Promise<OutboxRun> {
  const now = options.now ?? new Date();
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.failedAt),
          // Due within `now`'s millisecond too: the column is in microseconds (a new message's
          // is the database's now()), `now` in milliseconds, so a message queued in the same
          // millisecond as this run looked due after it and waited for the next run.
          lt(mailOutbox.nextAttemptAt, new Date(now.getTime() + 1)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      await tx
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
        .where(eq(mailOutbox.id, row.id));
    }
    return rows;
  });

  const run: OutboxRun = { sent: 0, failed: 0, refused: 0, purged: 0 };
  for (const row of claimed) {
    try {
      await mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      run.sent += 1;
    } catch (error) {
      const attempts = row.attempts + 1;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      if (isPermanentFailure(error)) {
        await db
          .update(mailOutbox)
          .set({ attempts, lastError: reason, failedAt: new Date() })
          .where(eq(mailOutbox.id, row.id));
        log?.error(
          { mailId: row.id, attempts, reason },
          'mail refused permanently by the mail server; not retrying (see Admin > Mail)',
        );
        run.refused += 1;
        continue;
      }
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: reason,
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
        })
        .where(eq(mailOutbox.id, row.id));
      log?.warn({ mailId: row.id, attempts, reason }, 'mail not sent; will retry');
      run.failed += 1;
    }
  }
  if (options.sentRetentionMs !== undefined) {
    run.purged = await purgeSentMail(db, options.sentRetentionMs, now);
  }
  return run;
}

export interface OutboxWorker {
  /** Run soon (after a message was queued) instead of waiting for the next tick. */
  wake(): void;
  stop(): Promise<void>;
}

/** Polls the outbox every `intervalMs`; one run at a time. */
export function startOutboxWorker(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  intervalMs = 5_000,
  sentRetentionMs?: number,
): OutboxWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = processOutbox(db, mailer, log, {
      ...(sentRetentionMs !== undefined ? { sentRetentionMs } : {}),
    })
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'mail outbox run failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    wake: () => setImmediate(run),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      mailer.close?.();
    },
  };
}
