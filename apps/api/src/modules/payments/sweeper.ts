import { and, eq, lte } from 'drizzle-orm';
import { payments } from '../../db/schema.js';
import { refreshPayment, type PaymentDeps } from './service.js';

export interface SandboxSweeper {
  /** Settles every due payment now (tests call it; the timer calls it too). */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Settles sandbox bank payments whose time has come, through the same path as a status read
 * or a Stripe webhook. The row lock in that path makes concurrent sweeps (several instances,
 * or a sweep racing a status read) settle each payment once.
 */
export function startSandboxSweeper(deps: PaymentDeps, intervalMs: number): SandboxSweeper {
  let running: Promise<number> | undefined;
  let stopped = false;

  async function sweep(): Promise<number> {
    const due = await deps.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.provider, 'sandbox'),
          eq(payments.status, 'processing'),
          lte(payments.settlesAt, new Date()),
        ),
      )
      .limit(100);
    for (const row of due) await refreshPayment(deps, row);
    return due.length;
  }

  const tick = () => {
    if (stopped || running) return;
    running = sweep()
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'sandbox settle sweep failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    sweep,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
