import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { horses, payments, type PaymentRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { recordAudit } from '../audit/index.js';
import { prepaidDnaChosen } from './http.js';
import { findHorse } from './payable-horse.js';
import { idempotencyKeyFor } from './provider.js';
import { chargeFor, isUniqueViolation, refuseIfBlocked, type PaymentDeps } from './service.js';
import { applyPaymentUpdate } from './settle.js';

/*
 * What the office does with a horse's payments besides charging a card or bank account
 * (docs/api.md "Payments"): record one paid by check, cash or otherwise, and list them.
 */

const OFFLINE_MODES = { check: 'Check', cash: 'Cash', other: 'Other' } as const;

/** A payment the office received outside the providers. */
export interface OfflinePayment {
  method: keyof typeof OFFLINE_MODES;
  reference?: string;
  note?: string;
  /** The registration form's fee choices (the prepaid DNA fee). */
  fees?: unknown;
}

/** An offline payment is settled on arrival: row, horse, audit and mail in one transaction. */
export async function recordOfflinePayment(
  deps: PaymentDeps,
  adminId: string,
  horseId: string,
  body: OfflinePayment,
  client: { ip: string; userAgent: string },
) {
  const horse = await findHorse(deps.db, horseId);
  refuseIfBlocked(horse);
  const { amountCents, fees, covers } = await chargeFor(
    deps.db,
    horse,
    prepaidDnaChosen(body.fees),
  );
  const paymentId = randomUUID();
  let mailQueued = false;
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(payments).values({
        id: paymentId,
        horseId: horse.id,
        payerId: horse.ownerId,
        recordedById: adminId,
        provider: 'offline',
        method: body.method,
        idempotencyKey: idempotencyKeyFor(paymentId),
        amountCents,
        fees,
        covers,
        status: 'processing',
        reference: body.reference || null,
        note: body.note || null,
      });
      await recordAudit(tx, {
        action: 'payment.created',
        success: true,
        actorId: adminId,
        subject: horse.id,
        ...client,
        details: { paymentId, provider: 'offline', method: body.method, amountCents },
      });
      await tx
        .update(horses)
        .set({ paymentMode: OFFLINE_MODES[body.method] })
        .where(eq(horses.id, horse.id));
      const applied = await applyPaymentUpdate(
        tx,
        paymentId,
        { status: 'succeeded', source: 'offline' },
        deps,
      );
      mailQueued = applied?.mailQueued ?? false;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, PAYMENT_MESSAGES.alreadyPaid);
    throw error;
  }
  if (mailQueued) deps.onMailQueued?.();
}

/** A horse's payments, newest first. */
export async function paymentsOfHorse(db: Db, horseId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.horseId, horseId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}
