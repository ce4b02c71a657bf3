import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_MESSAGES, buildPaymentReversalSchema, paymentSchema } from '@registry/domain';
import { HttpError } from '../../http-error.js';
import { requireAuth } from '../auth/index.js';
import { failureSchema } from '../../reply.js';
import {
  chargeAnswers,
  chargeFields,
  clientOf,
  horseParams,
  parseBilling,
  prepaidDnaChosen,
  sendChargeAnswer,
} from './http.js';
import { findHorse } from './payable-horse.js';
import { paymentsOfHorse, recordOfflinePayment } from './office.js';
import { chargeHorse, type PaymentDeps } from './service.js';
import { reversePayment } from './reversals.js';
import { paymentView } from './view.js';

const offlineBody = z.looseObject({
  method: z.enum(['check', 'cash', 'other']),
  reference: z.string().trim().max(200).optional(),
  note: z.string().trim().max(2000).optional(),
  fees: z.unknown().optional(),
});
const chargeBody = z.looseObject({
  method: z.enum(['card', 'bank']),
  ...chargeFields,
  billingInfo: z.unknown().optional(),
  /** Without billingInfo: the name on the card or account, kept with the payment and mandate. */
  accountHolderName: z.string().trim().max(200).optional(),
});

/** The office's charge keeps who holds the card or account even without the billing block. */
function officeBilling(charge: z.infer<typeof chargeBody>) {
  if (!charge.accountHolderName) return null;
  return {
    accountHolderName: charge.accountHolderName,
    paymentInfo: { paymentMethod: charge.method === 'bank' ? 'Bank' : 'Credit Card' },
  };
}
const adminBody = z.discriminatedUnion('method', [offlineBody, chargeBody]);

/** The administrator's payment route (docs/api.md "Payments"). */
export const adminPaymentRoutes: FastifyPluginAsyncZod<Omit<PaymentDeps, 'log'>> = async (
  app,
  options,
) => {
  app.post(
    '/admin/payment-process/:horseId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payments'],
        summary: 'Record an offline payment, or charge a card or bank account for the member',
        security: [{ bearer: [] }],
        params: horseParams,
        body: adminBody,
        response: chargeAnswers,
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const deps: PaymentDeps = { ...options, log: request.log };
      const body = request.body;
      const client = clientOf(request);
      if (body.method === 'check' || body.method === 'cash' || body.method === 'other') {
        const offline = offlineBody.parse(body);
        await recordOfflinePayment(deps, userId, request.params.horseId, offline, client);
        return reply.status(200).send({
          success: true as const,
          message: PAYMENT_MESSAGES.paymentRecorded,
          url: null,
          paymentIntentId: null,
          paymentStatus: 'succeeded' as const,
        });
      }
      const charge = chargeBody.parse(body);
      const horse = await findHorse(options.db, request.params.horseId);
      const parsed =
        charge.billingInfo === undefined ? undefined : parseBilling(charge.billingInfo);
      if (parsed && parsed.method !== charge.method) {
        throw new HttpError(400, PAYMENT_MESSAGES.methodMismatch, {
          method: PAYMENT_MESSAGES.methodMismatch,
        });
      }
      const row = await chargeHorse(deps, {
        horse,
        payerId: horse.ownerId,
        recordedById: userId,
        paymentMethodId: charge.paymentMethodId,
        method: charge.method,
        prepayDNAFee: prepaidDnaChosen(charge.fees),
        checkedAgreement: charge.checkedAgreement,
        billing: parsed?.billing ?? officeBilling(charge),
        ...client,
      });
      return sendChargeAnswer(reply, row);
    },
  );

  app.post(
    '/admin/payment-void/:horseId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payments'],
        summary:
          "Undo a horse's payment with a reason: cancel one waiting for approval, void one the office recorded, refund a provider payment",
        security: [{ bearer: [] }],
        params: horseParams,
        body: buildPaymentReversalSchema(),
        response: {
          200: z.object({
            success: z.literal(true),
            message: z.string(),
            data: z.object({ reversal: z.enum(['canceled', 'voided', 'refunded']) }),
          }),
          '4xx': failureSchema,
          502: failureSchema,
        },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const deps: PaymentDeps = { ...options, log: request.log };
      const horse = await findHorse(options.db, request.params.horseId);
      const reversal = await reversePayment(
        deps,
        horse.id,
        { id: userId, source: 'admin', ...clientOf(request) },
        request.body.reason,
      );
      const message =
        reversal === 'refunded'
          ? PAYMENT_MESSAGES.paymentRefunded
          : reversal === 'voided'
            ? PAYMENT_MESSAGES.paymentVoided
            : PAYMENT_MESSAGES.paymentCanceled;
      return { success: true as const, message, data: { reversal } };
    },
  );

  app.get(
    '/admin/payments/:horseId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payments'],
        summary:
          "A horse's payments, newest first, with reversal reasons and each bank debit's authorisation",
        security: [{ bearer: [] }],
        params: horseParams,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(paymentSchema) }),
          '4xx': failureSchema,
        },
      },
    },
    async (request) => {
      const horse = await findHorse(options.db, request.params.horseId);
      const rows = await paymentsOfHorse(options.db, horse.id);
      return { success: true as const, data: rows.map(paymentView) };
    },
  );
};
