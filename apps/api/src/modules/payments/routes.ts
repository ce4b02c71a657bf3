import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_MESSAGES, PAYMENT_RECORD_STATUSES } from '@registry/domain';
import { HttpError } from '../../http-error.js';
import { requireAuth } from '../auth/index.js';
import { failureSchema } from '../../reply.js';
import { memberRoute } from '../../route-options.js';
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
import { chargeHorse, refreshPayment, type PaymentDeps } from './service.js';
import { cancelWaitingPaymentOf } from './reversals.js';
import { paymentByProviderId } from './settle.js';

export type PaymentRoutesOptions = Omit<PaymentDeps, 'log'>;

const security = [{ bearer: [] }];

/** Extra keys (totals, amounts) are accepted and ignored: the server prices every payment. */
const processBody = z.looseObject({ ...chargeFields, billingInfo: z.unknown() });

/** Multipart bodies carry text fields only; any file part is refused by the limits. */
const FIELD_LIMITS = { files: 0, fields: 20, fieldSize: 1_048_576, parts: 20 } as const;

/** The member's payment routes (docs/api.md "Payments"). */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: FIELD_LIMITS });
  const deps = (log: PaymentDeps['log']): PaymentDeps => ({ ...options, log });

  // The spec sends this as POST; PUT is accepted on the same path as well (§7.2).
  app.route({
    method: ['POST', 'PUT'],
    url: '/members/payment-process/:horseId',
    config: { access: 'member' },
    schema: {
      tags: ['payments'],
      summary: 'Pay the registration fees of one of my horses (multipart or JSON)',
      security,
      params: horseParams,
      body: processBody,
      // The same fields either way (multipart text parts, as the spec's client sends them).
      consumes: ['application/json', 'multipart/form-data'],
      response: chargeAnswers,
    },
    handler: async (request, reply) => {
      const { userId } = requireAuth(request);
      const horse = await findHorse(options.db, request.params.horseId, userId);
      const { billing, method } = parseBilling(request.body.billingInfo);
      const client = clientOf(request);
      const row = await chargeHorse(deps(request.log), {
        horse,
        payerId: userId,
        paymentMethodId: request.body.paymentMethodId,
        method,
        prepayDNAFee: prepaidDnaChosen(request.body.fees),
        checkedAgreement: request.body.checkedAgreement,
        billing,
        ...client,
      });
      return sendChargeAnswer(reply, row);
    },
  });

  app.post(
    '/members/payment-process/:horseId/cancel',
    memberRoute(
      'payments',
      'Pay another way: cancel my payment that waits for approval (3-D Secure); the horse is unpaid again',
      {
        params: horseParams,
        response: {
          200: z.object({ success: z.literal(true), message: z.string() }),
          '4xx': failureSchema,
          502: failureSchema,
        },
      },
    ),
    async (request) => {
      const auth = requireAuth(request);
      const horse = await findHorse(options.db, request.params.horseId, auth.userId);
      await cancelWaitingPaymentOf(
        deps(request.log),
        horse.id,
        { id: auth.userId, source: 'member', ...clientOf(request) },
        null,
      );
      return { success: true as const, message: PAYMENT_MESSAGES.paymentCanceled };
    },
  );

  app.get(
    '/members/stripe/payment-status',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: "A payment's status (its payer or an administrator)",
        security,
        querystring: z.object({ paymentIntentId: z.string().trim().min(1).max(255) }),
        response: {
          200: z.object({
            success: z.literal(true),
            paymentStatus: z.enum(PAYMENT_RECORD_STATUSES),
          }),
          '4xx': failureSchema,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await paymentByProviderId(options.db, request.query.paymentIntentId);
      // Someone else's payment is answered exactly like one that does not exist.
      if (!row || (auth.role !== 'admin' && row.payerId !== auth.userId)) {
        throw new HttpError(404, PAYMENT_MESSAGES.paymentNotFound);
      }
      const current = await refreshPayment(deps(request.log), row);
      return { success: true as const, paymentStatus: current.status };
    },
  );
};
