import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  MEMBER_TRANSFER_MESSAGES,
  PAYMENT_MESSAGES,
  horseDisplayName,
  type TransferFeePayer,
} from '@registry/domain';
import { horses, type UserRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import {
  idempotencyKeyFor,
  type ChargeMethod,
  achMandate,
  chargeAndRecord,
  insertPayment,
  type ChargedPayment,
  type PaymentDeps,
  cancelWaitingPayment,
} from '../payments/index.js';
import { latestPaymentOf, roleOf, feeState, transferById } from './store.js';

/**
 * The transfer fee, paid online by the party the association chose, through the registration's
 * provider and flow (card or bank, 3-D Secure, microdeposits, the sandbox): the payment row names
 * the transfer (`transfer_id`) instead of a horse, so the horse's registration payment status
 * never moves, and a partial unique index keeps one live payment per transfer. The settle path
 * moves the transfer on (complete.ts `onFeeSettled`).
 */

export interface TransferChargeInput {
  transferId: string;
  payer: UserRow;
  paymentMethodId: string;
  method: ChargeMethod;
  billing: Record<string, unknown> | null;
  checkedAgreement: boolean;
  ip: string;
  userAgent: string;
}

export const TRANSFER_FEE_LINE = { key: 'transfer', label: 'Transfer Fee' } as const;

export async function chargeTransferFee(
  deps: PaymentDeps,
  input: TransferChargeInput,
): Promise<ChargedPayment> {
  const transfer = await transferById(deps.db, input.transferId);
  const role = roleOf(transfer, input.payer);
  if (transfer.status !== 'awaiting_payment') {
    throw new HttpError(409, MEMBER_TRANSFER_MESSAGES.noFeeDue);
  }
  if (role !== (transfer.feePayer satisfies TransferFeePayer)) {
    throw new HttpError(403, MEMBER_TRANSFER_MESSAGES.noFeeDue);
  }
  const fee = await feeState(deps.db, transfer.id);
  if (fee.paid) throw new HttpError(409, MEMBER_TRANSFER_MESSAGES.feeAlreadyPaid);
  if (fee.underWay) throw new HttpError(409, MEMBER_TRANSFER_MESSAGES.paymentUnderWay);
  // A bank debit without the payer's authorisation is never sent (NACHA; issue 17).
  if (input.method === 'bank' && !input.checkedAgreement) {
    throw new HttpError(400, PAYMENT_MESSAGES.agreementRequired, {
      checkedAgreement: PAYMENT_MESSAGES.agreementRequired,
    });
  }
  const [horse] = await deps.db.select().from(horses).where(eq(horses.id, transfer.horseId));
  const horseName = horse ? horseDisplayName(horse) : 'horse';
  const amountCents = transfer.feeCents;
  const paymentId = randomUUID();
  await insertPayment(
    deps,
    {
      id: paymentId,
      horseId: null,
      transferId: transfer.id,
      payerId: input.payer.id,
      provider: deps.provider.name,
      method: input.method,
      idempotencyKey: idempotencyKeyFor(paymentId),
      amountCents,
      fees: { lines: [{ ...TRANSFER_FEE_LINE, cents: amountCents }], transferId: transfer.id },
      covers: TRANSFER_FEE_LINE.key,
      billing: input.billing,
      mandate:
        input.method === 'bank'
          ? achMandate(
              deps,
              {
                horse: horse!,
                payerId: input.payer.id,
                paymentMethodId: input.paymentMethodId,
                method: input.method,
                prepayDNAFee: false,
                billing: input.billing,
                checkedAgreement: input.checkedAgreement,
                ip: input.ip,
                userAgent: input.userAgent,
              },
              amountCents,
            )
          : null,
      status: 'requires_action',
      reference: input.paymentMethodId,
    },
    { actorId: input.payer.id, ip: input.ip, userAgent: input.userAgent },
  );

  return chargeAndRecord(deps, paymentId, input.method, {
    paymentId,
    amountCents,
    currency: 'usd',
    paymentMethodId: input.paymentMethodId,
    method: input.method,
    customerIp: input.ip,
    userAgent: input.userAgent,
    mandateAcceptance: 'online',
    returnUrl: `${deps.publicUrl}/payment-complete`,
    description: `Transfer fee: ${horseName}`,
    metadata: { horseId: transfer.horseId, paymentId },
  });
}

/**
 * "Pay another way": the payer's fee payment still waiting for their approval (3-D Secure) is
 * canceled at the provider and here, so they can pay again (or either party can cancel).
 */
export async function cancelWaitingFee(
  deps: PaymentDeps,
  transferId: string,
  payer: UserRow,
  client: { ip: string; userAgent: string },
): Promise<void> {
  const transfer = await transferById(deps.db, transferId);
  roleOf(transfer, payer);
  const latest = await latestPaymentOf(deps.db, transfer.id);
  if (!latest || latest.status !== 'requires_action' || latest.payerId !== payer.id) {
    throw new HttpError(409, PAYMENT_MESSAGES.nothingToCancel);
  }
  await cancelWaitingPayment(deps, latest, { id: payer.id, source: 'member', ...client }, null);
}
