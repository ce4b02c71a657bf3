import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACH_MANDATE_VERSION,
  PAYMENT_MESSAGES,
  TERMS_VERSION,
  achMandateText,
  feeLines,
  feeTotal,
  feesFor,
  formatUsd,
} from '@registry/domain';
import type { Db, Executor } from '../../db/client.js';
import { horses, payments, users, type HorseRow, type PaymentRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { recordAudit } from '../audit/index.js';
import { feesPaidFor } from '../horse-repository/index.js';
import { enqueueMail, bankVerificationMail } from '../mail/index.js';
import {
  PaymentMethodError,
  SETTLED,
  idempotencyKeyFor,
  type ChargeMethod,
  type PaymentProvider,
  type ProviderPayment,
} from './provider.js';
import { applyPaymentUpdate, horsePaymentStatus, type SettleContext } from './settle.js';

export interface PaymentDeps extends SettleContext {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Horse payment statuses that refuse another payment (docs/api.md "Payments"). */
const BLOCKING = new Set(['paid', 'processing', 'requires_action', 'disputed']);

export const PAYMENT_MODES = { card: 'Credit Card', bank: 'Bank' } as const;

/** Postgres unique_violation, wherever the driver or Drizzle put it in the cause chain. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function refuseIfBlocked(horse: HorseRow): void {
  if (BLOCKING.has(horse.paymentStatus)) throw new HttpError(409, PAYMENT_MESSAGES.alreadyPaid);
}

/**
 * The amount and fee record, always from the horse's own answers and the fee table, less the
 * lines settled payments already cover (a difference owed after an edit); 409 when nothing is
 * left to pay.
 */
export async function chargeFor(db: Executor, horse: HorseRow, prepayDNAFee: boolean) {
  const choices = {
    performanceVerification: horse.details.performanceVerification,
    prepayDNAFee,
    feesPaid: await feesPaidFor(db, horse.id),
  };
  const lines = feeLines(choices);
  if (lines.length === 0) throw new HttpError(409, PAYMENT_MESSAGES.alreadyPaid);
  return {
    amountCents: feeTotal(choices),
    fees: { ...feesFor(choices), lines },
    covers: lines.map((line) => line.key).join('+'),
  };
}

/** Inserts a payment; the partial unique index turns a concurrent second payment into a 409. */
export async function insertPayment(
  deps: PaymentDeps,
  values: typeof payments.$inferInsert,
  audit: { actorId: string; ip: string; userAgent: string },
): Promise<PaymentRow> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(payments).values(values).returning();
      if (!row) throw new Error('payment insert returned nothing');
      await recordAudit(tx, {
        action: 'payment.created',
        success: true,
        actorId: audit.actorId,
        subject: row.horseId,
        ip: audit.ip,
        userAgent: audit.userAgent,
        details: {
          paymentId: row.id,
          provider: row.provider,
          method: row.method,
          amountCents: row.amountCents,
          status: row.status,
        },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, PAYMENT_MESSAGES.alreadyPaid);
    throw error;
  }
}

/**
 * The provider request of a charge. Built in one place because a recovered charge must send
 * exactly the same parameters again: the provider replays an idempotent request only when
 * they match.
 */
export function chargeRequest(
  deps: Pick<PaymentDeps, 'publicUrl'>,
  charge: {
    paymentId: string;
    horse: Pick<HorseRow, 'id' | 'firstChoice'>;
    amountCents: number;
    paymentMethodId: string;
    method: ChargeMethod;
    ip: string;
    userAgent: string;
    /** An administrator charged: the office took the authorisation (recovery reads the row). */
    byOffice: boolean;
  },
) {
  return {
    paymentId: charge.paymentId,
    amountCents: charge.amountCents,
    currency: 'usd',
    paymentMethodId: charge.paymentMethodId,
    method: charge.method,
    customerIp: charge.ip,
    userAgent: charge.userAgent,
    mandateAcceptance: charge.byOffice ? ('offline' as const) : ('online' as const),
    returnUrl: `${deps.publicUrl}/payment-complete`,
    description: `Horse registration: ${charge.horse.firstChoice}`,
    metadata: { horseId: charge.horse.id, paymentId: charge.paymentId },
  };
}

export interface ChargeInput {
  horse: HorseRow;
  payerId: string;
  recordedById?: string;
  paymentMethodId: string;
  method: ChargeMethod;
  prepayDNAFee: boolean;
  billing: Record<string, unknown> | null;
  /** The payer ticked the agreement (for a bank debit: the ACH authorisation). */
  checkedAgreement: boolean;
  ip: string;
  userAgent: string;
}

/**
 * What the association keeps of an ACH debit authorisation: the agreement, the versioned text
 * shown, when, from where, and the account holder's name and signature.
 */
export function achMandate(
  deps: Pick<PaymentDeps, 'associationName'>,
  input: ChargeInput,
  amountCents: number,
) {
  const billing = input.billing ?? {};
  return {
    checkedAgreement: true,
    version: ACH_MANDATE_VERSION,
    text: achMandateText(deps.associationName, formatUsd(amountCents)),
    acceptedAt: new Date().toISOString(),
    ip: input.ip,
    userAgent: input.userAgent,
    accountHolderName: billing.accountHolderName ?? null,
    accountHolderSignature: billing.accountHolderSignature ?? null,
    // The office charging for a member took the authorisation by phone or on paper; the IP
    // and browser above are then the administrator's.
    acceptance: input.recordedById ? 'office' : 'online',
    recordedById: input.recordedById ?? null,
  };
}

/**
 * What the payer agreed to, kept with every card and bank payment (issue 33 §3): the terms
 * checkbox as sent (the member's page requires it; the office's card charge does not ask it),
 * the versions of what was shown, when, from where and who took it. A bank debit's full
 * authorisation is `mandate` (achMandate) beside it.
 */
export function paymentAgreement(input: ChargeInput) {
  return {
    checkedAgreement: input.checkedAgreement,
    termsVersion: input.checkedAgreement && !input.recordedById ? TERMS_VERSION : null,
    mandateVersion: input.method === 'bank' ? ACH_MANDATE_VERSION : null,
    acceptedAt: new Date().toISOString(),
    ip: input.ip,
    userAgent: input.userAgent,
    acceptance: input.recordedById ? 'office' : 'online',
    recordedById: input.recordedById ?? null,
  };
}

export async function markFailed(deps: PaymentDeps, paymentId: string, message: string) {
  await deps.db
    .update(payments)
    .set({ status: 'failed', failureMessage: message, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
}

/** A charge as answered to its caller: the row, plus what only this answer carries. */
export type ChargedPayment = PaymentRow & Pick<ProviderPayment, 'clientSecret' | 'nextAction'>;

/**
 * A card or bank charge: the row first (so the database refuses a second one), the provider
 * outside any transaction (it may take seconds), then the row and the horse in one transaction.
 */
export async function chargeHorse(deps: PaymentDeps, input: ChargeInput): Promise<ChargedPayment> {
  refuseIfBlocked(input.horse);
  // A bank debit without the payer's authorisation is never sent (NACHA; issue 17).
  if (input.method === 'bank' && !input.checkedAgreement) {
    throw new HttpError(400, PAYMENT_MESSAGES.agreementRequired, {
      checkedAgreement: PAYMENT_MESSAGES.agreementRequired,
    });
  }
  const { amountCents, fees, covers } = await chargeFor(deps.db, input.horse, input.prepayDNAFee);
  const paymentId = randomUUID();
  await insertPayment(
    deps,
    {
      id: paymentId,
      horseId: input.horse.id,
      payerId: input.payerId,
      recordedById: input.recordedById ?? null,
      provider: deps.provider.name,
      method: input.method,
      idempotencyKey: idempotencyKeyFor(paymentId),
      amountCents,
      fees,
      covers,
      billing: input.billing,
      mandate: input.method === 'bank' ? achMandate(deps, input, amountCents) : null,
      agreement: paymentAgreement(input),
      // A placeholder until the provider answers; it already holds the horse's one live slot.
      status: 'requires_action',
      reference: input.paymentMethodId,
    },
    { actorId: input.recordedById ?? input.payerId, ip: input.ip, userAgent: input.userAgent },
  );

  return chargeAndRecord(
    deps,
    paymentId,
    input.method,
    chargeRequest(deps, {
      paymentId,
      horse: input.horse,
      amountCents,
      paymentMethodId: input.paymentMethodId,
      method: input.method,
      ip: input.ip,
      userAgent: input.userAgent,
      byOffice: Boolean(input.recordedById),
    }),
  );
}

/**
 * Sends a charge of the payment row `paymentId` (inserted as a placeholder) to the provider and
 * records the answer: a refused payment method is 400 and a failed call 502, both marking the
 * row failed; a payment waiting for the payer carries what the browser needs to go on.
 * Registrations and transfer fees both pay through here.
 */
export async function chargeAndRecord(
  deps: PaymentDeps,
  paymentId: string,
  method: ChargeMethod,
  request: Parameters<PaymentDeps['provider']['charge']>[0],
): Promise<ChargedPayment> {
  let result: ProviderPayment;
  try {
    result = await deps.provider.charge(request);
  } catch (error) {
    if (error instanceof PaymentMethodError) {
      await markFailed(deps, paymentId, error.message);
      throw new HttpError(400, error.message, { paymentMethodId: error.message });
    }
    // Only the error's kind and message: a provider error never carries card data, but the
    // request we sent is not logged either.
    deps.log.error(
      { paymentId, err: { type: (error as Error).name, message: (error as Error).message } },
      'payment provider call failed',
    );
    await markFailed(deps, paymentId, PAYMENT_MESSAGES.processFailed);
    throw new HttpError(502, PAYMENT_MESSAGES.processFailed);
  }
  const row = await recordChargeResult(deps, paymentId, method, result);
  if (row.status !== 'requires_action') return row;
  return {
    ...row,
    ...(result.clientSecret ? { clientSecret: result.clientSecret } : {}),
    ...(result.nextAction ? { nextAction: result.nextAction } : {}),
  };
}

/** Emails the payer the microdeposit verification link, in the charge's transaction. */
async function queueBankVerification(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  deps: PaymentDeps,
  row: PaymentRow,
  verificationUrl: string,
): Promise<boolean> {
  if (!row.payerId) return false;
  const [payer] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, row.payerId));
  const [horse] = row.horseId
    ? await tx
        .select({ firstChoice: horses.firstChoice })
        .from(horses)
        .where(eq(horses.id, row.horseId))
    : [];
  if (!payer) return false;
  await enqueueMail(
    tx,
    bankVerificationMail(payer.email, deps.associationName, {
      horseName: horse?.firstChoice ?? 'your horse',
      amountCents: row.amountCents,
      verificationUrl,
    }),
  );
  return true;
}

export async function recordChargeResult(
  deps: PaymentDeps,
  paymentId: string,
  method: ChargeMethod,
  result: ProviderPayment,
): Promise<PaymentRow> {
  let mailQueued = false;
  const row = await deps.db.transaction(async (tx) => {
    // Every instance replays interrupted charges (recovery.ts), so two may record a result for
    // one payment. Stripe answers both with one PaymentIntent (same idempotency key); should
    // the answers differ (the sandbox), the first recorded stands and a later one is ignored:
    // a payment never moves to another provider payment once it has one.
    const [placed] = await tx
      .update(payments)
      .set({
        providerPaymentId: result.providerPaymentId,
        actionUrl: result.actionUrl ?? null,
        settlesAt: result.settlesAt ?? null,
        ...(result.providerMethodId ? { providerMethodId: result.providerMethodId } : {}),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(payments.id, paymentId),
          or(
            isNull(payments.providerPaymentId),
            eq(payments.providerPaymentId, result.providerPaymentId),
          ),
        ),
      )
      .returning();
    if (!placed) {
      const [recorded] = await tx.select().from(payments).where(eq(payments.id, paymentId));
      if (!recorded) throw new Error('payment row vanished');
      return recorded;
    }
    if (placed.horseId) {
      await tx
        .update(horses)
        .set({
          paymentStatus: horsePaymentStatus(placed.status),
          paymentMode: PAYMENT_MODES[method],
        })
        .where(eq(horses.id, placed.horseId));
    }
    const applied = await applyPaymentUpdate(
      tx,
      paymentId,
      { status: result.status, failureMessage: result.failureMessage, source: 'charge' },
      deps,
    );
    mailQueued = applied?.mailQueued ?? false;
    const row = applied?.row ?? placed;
    if (
      result.nextAction === 'verify_with_microdeposits' &&
      result.actionUrl &&
      row.status === 'requires_action'
    ) {
      mailQueued = (await queueBankVerification(tx, deps, row, result.actionUrl)) || mailQueued;
    }
    return row;
  });
  if (mailQueued) deps.onMailQueued?.();
  return row;
}

/**
 * Keeps the provider's payment method of a payment once it is known (a ConfirmationToken
 * becomes one only at the provider): mandate and detach events name it (mandate-events.ts).
 */
export async function keepProviderMethod(
  tx: Executor,
  paymentId: string,
  providerMethodId: string | undefined,
): Promise<void> {
  if (!providerMethodId) return;
  await tx
    .update(payments)
    .set({ providerMethodId })
    .where(and(eq(payments.id, paymentId), isNull(payments.providerMethodId)));
}

/**
 * Brings an unsettled payment up to date with its provider (the sandbox settles this way too).
 * A provider that cannot be reached leaves the stored status, which is what the caller sees.
 */
export async function refreshPayment(deps: PaymentDeps, row: PaymentRow): Promise<PaymentRow> {
  if (SETTLED.has(row.status) || !row.providerPaymentId || row.provider !== deps.provider.name) {
    return row;
  }
  let latest: ProviderPayment;
  try {
    latest = await deps.provider.retrieve(row.providerPaymentId);
  } catch (error) {
    deps.log.warn(
      { paymentId: row.id, err: { message: (error as Error).message } },
      'payment status refresh failed',
    );
    return row;
  }
  if (latest.status === row.status) return row;
  let mailQueued = false;
  const updated = await deps.db.transaction(async (tx) => {
    await keepProviderMethod(tx, row.id, latest.providerMethodId);
    const applied = await applyPaymentUpdate(
      tx,
      row.id,
      { status: latest.status, failureMessage: latest.failureMessage, source: 'status-check' },
      deps,
    );
    mailQueued = applied?.mailQueued ?? false;
    return applied?.row ?? row;
  });
  if (mailQueued) deps.onMailQueued?.();
  return updated;
}
