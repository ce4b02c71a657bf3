import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { auditLog, horses, payments, type PaymentRow } from '../../db/schema.js';
import { PaymentMethodError, type ChargeMethod } from './provider.js';
import { chargeRequest, markFailed, recordChargeResult, type PaymentDeps } from './service.js';
import { cancelStaleIntents } from './stale-intents.js';

/**
 * A charge whose server died while the provider was being called leaves its row as a
 * placeholder (no provider id) that holds the horse's one live payment slot. Such rows are
 * finished here: the same request is sent again under the same idempotency key, which the
 * provider answers with the original outcome if it got the first call, or carries out now if
 * it never did (the member asked to pay). Past the provider's idempotency window a replay could
 * charge a second time, so those rows are failed instead and the horse can be paid again.
 */
export const INTERRUPTED_AFTER_MS = 2 * 60_000;
/** Stripe keeps idempotency keys for 24 hours; an hour of margin. */
export const REPLAYABLE_FOR_MS = 23 * 60 * 60_000;
export const INTERRUPTED_MESSAGE = 'The payment was interrupted. Please pay again.';

async function mandateOf(deps: PaymentDeps, paymentId: string) {
  const [entry] = await deps.db
    .select({ ip: auditLog.ip, userAgent: auditLog.userAgent })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'payment.created'),
        sql`${auditLog.details}->>'paymentId' = ${paymentId}`,
      ),
    )
    .limit(1);
  return { ip: entry?.ip ?? '', userAgent: entry?.userAgent ?? '' };
}

async function recoverOne(deps: PaymentDeps, row: PaymentRow, now: Date): Promise<void> {
  const [horse] = row.horseId
    ? await deps.db.select().from(horses).where(eq(horses.id, row.horseId))
    : [];
  const method = row.method as ChargeMethod;
  if (!horse || !row.reference || now.getTime() - row.createdAt.getTime() > REPLAYABLE_FOR_MS) {
    await markFailed(deps, row.id, INTERRUPTED_MESSAGE);
    return;
  }
  const { ip, userAgent } = await mandateOf(deps, row.id);
  try {
    const result = await deps.provider.charge(
      chargeRequest(deps, {
        paymentId: row.id,
        horse,
        amountCents: row.amountCents,
        paymentMethodId: row.reference,
        method,
        ip,
        userAgent,
        byOffice: Boolean(row.recordedById),
      }),
    );
    await recordChargeResult(deps, row.id, method, result);
  } catch (error) {
    if (error instanceof PaymentMethodError) {
      await markFailed(deps, row.id, error.message);
      return;
    }
    // The provider is unreachable: try again on the next round.
    deps.log.warn(
      { paymentId: row.id, err: { message: (error as Error).message } },
      'could not recover an interrupted payment yet',
    );
  }
}

/** Finishes interrupted charges; returns how many were looked at. */
export async function recoverInterruptedCharges(
  deps: PaymentDeps,
  now: Date = new Date(),
): Promise<number> {
  const stuck = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, deps.provider.name),
        eq(payments.status, 'requires_action'),
        isNull(payments.providerPaymentId),
        lt(payments.createdAt, new Date(now.getTime() - INTERRUPTED_AFTER_MS)),
      ),
    )
    .limit(50);
  for (const row of stuck) await recoverOne(deps, row, now);
  return stuck.length;
}

/**
 * Runs the recovery every minute on every instance; two instances replaying the same charge is
 * harmless, as the idempotency key makes the provider answer both with one outcome. The same
 * round cancels payments left waiting for the payer over a day (stale-intents.ts).
 */
export function startChargeRecovery(deps: PaymentDeps, intervalMs = 60_000) {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = recoverInterruptedCharges(deps)
      .then(() => cancelStaleIntents(deps))
      .catch((error: unknown) => deps.log.error({ err: error }, 'payment recovery failed'))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
