import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  PAYMENT_MESSAGES,
  paymentDeclinedAnswerSchema,
  paymentProcessAnswerSchema,
  serverBillingInfoSchema,
  storableBilling,
} from '@registry/domain';
import type { PaymentRow } from '../../db/schema.js';
import type { ChargedPayment } from './service.js';
import { HttpError } from '../../http-error.js';
import { findUnsafeText, refuseUnsafeText } from '../../plugins/text-guard.js';
import { failureSchema } from '../../reply.js';

/** Request parsing and the answers shared by the member and admin payment routes. */

export const horseParams = z.object({ horseId: z.string().max(64) });

export const paymentMethodIdField = z
  .string({ error: PAYMENT_MESSAGES.unknownPaymentMethod })
  .trim()
  .min(1, PAYMENT_MESSAGES.unknownPaymentMethod)
  .max(255, PAYMENT_MESSAGES.unknownPaymentMethod);

/** Multipart sends JSON parts as text; a JSON body sends objects. Both are accepted. */
function jsonField(value: unknown, name: string): unknown {
  if (typeof value !== 'string') return value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value) as unknown;
  } catch {
    throw new HttpError(400, `${name} must be JSON`, { [name]: `${name} must be JSON` });
  }
  // JSON text sent as a form field escapes what the edge check could see (plugins/text-guard.ts).
  const unsafe = findUnsafeText(parsed, name);
  if (unsafe) refuseUnsafeText(unsafe);
  return parsed;
}

/** The checked billing details, ready to store (no routing or account number can pass). */
export function parseBilling(value: unknown) {
  const parsed = serverBillingInfoSchema.safeParse(jsonField(value, 'billingInfo'));
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      fields[['billingInfo', ...issue.path.map(String)].join('.')] ??= issue.message;
    }
    throw new HttpError(400, Object.values(fields)[0] ?? 'Invalid billing details', fields);
  }
  return { billing: storableBilling(parsed.data), method: methodOf(parsed.data) };
}

const methodOf = (billing: { paymentInfo: { paymentMethod: string } }) =>
  billing.paymentInfo.paymentMethod === 'Bank' ? ('bank' as const) : ('card' as const);

/** Only the Prepay DNA choice is read; totals and amounts sent along are ignored. */
export function prepaidDnaChosen(value: unknown): boolean {
  const fees = jsonField(value ?? {}, 'fees');
  if (fees === null || typeof fees !== 'object') return false;
  const choice = (fees as Record<string, unknown>).prepayDNAFee;
  return choice === true || choice === 'true';
}

/**
 * What both payment-process routes answer: paid, processing or waiting for the payer; declined
 * (402); refused; or the provider failed (502).
 */
export const chargeAnswers = {
  200: paymentProcessAnswerSchema,
  402: paymentDeclinedAnswerSchema,
  '4xx': failureSchema,
  502: failureSchema,
};

const SUCCESS_MESSAGES = {
  succeeded: PAYMENT_MESSAGES.registered,
  requires_action: PAYMENT_MESSAGES.actionRequired,
  processing: PAYMENT_MESSAGES.bankProcessing,
  // Never the answer of a new charge; listed so every stored status has words.
  refunded: PAYMENT_MESSAGES.refunded,
  disputed: PAYMENT_MESSAGES.disputed,
} as const;

/** docs/api.md "Answers of payment-process". */
export function sendChargeAnswer(
  reply: FastifyReply,
  row: PaymentRow | ChargedPayment,
  /** What a succeeded charge says when it paid something other than a registration. */
  succeededMessage: string = SUCCESS_MESSAGES.succeeded,
) {
  if (row.status === 'failed' || row.status === 'canceled') {
    return reply.status(402).send({
      success: false as const,
      error: row.failureMessage ?? PAYMENT_MESSAGES.failed,
      message: PAYMENT_MESSAGES.failed,
      paymentIntentId: row.providerPaymentId,
    });
  }
  const charged = row as ChargedPayment;
  const microdeposits = charged.nextAction === 'verify_with_microdeposits';
  return reply.status(200).send({
    success: true as const,
    message: microdeposits
      ? PAYMENT_MESSAGES.bankVerificationEmailed
      : row.status === 'succeeded'
        ? succeededMessage
        : SUCCESS_MESSAGES[row.status],
    // The verification link goes to the payer's mailbox, not to a page that would poll it.
    url: row.status === 'requires_action' && !microdeposits ? row.actionUrl : null,
    paymentIntentId: row.providerPaymentId,
    paymentStatus: row.status,
    ...(charged.clientSecret && !microdeposits ? { clientSecret: charged.clientSecret } : {}),
    ...(microdeposits ? { nextAction: 'verify_with_microdeposits' as const } : {}),
  });
}

/** The agreement checkbox, from JSON (true) or multipart ('true'). */
export const agreementField = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .optional()
  .transform((value) => value === true || value === 'true');

/** The fields both payment-process bodies share (extra keys are accepted and ignored). */
export const chargeFields = {
  paymentMethodId: paymentMethodIdField,
  fees: z.unknown().optional(),
  checkedAgreement: agreementField,
};

/** Who is asking, for the ACH mandate and the audit log. */
export function clientOf(request: { ip: string; headers: Record<string, unknown> }) {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 512) : '' };
}
