import { and, asc, eq, isNull, lte } from 'drizzle-orm';
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

/** Delay before attempt `attempts + 1`: 30 s, 1 min, 2 min ... at most an hour. Never gives up. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface OutboxRun {
  sent: number;
  failed: number;
}

/**
 * Sends every due message once. Rows are claimed with `for update skip locked` and pushed
 * forward by a lease, so several servers never send one message twice at the same time.
 */
export async function processOutbox(
  db: Db,
  mailer: Mailer,
  log?: FastifyBaseLogger,
  options: { now?: Date } = {},
): Promise<OutboxRun> {
  const now = options.now ?? new Date();
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now)))
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

  const run: OutboxRun = { sent: 0, failed: 0 };
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
    running = processOutbox(db, mailer, log)
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
