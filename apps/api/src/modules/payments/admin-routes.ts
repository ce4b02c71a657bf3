import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_MESSAGES, buildPaymentReversalSchema, paymentSchema } from '@registry/domain';
import { horses, payments } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { requireAuth } from '../auth/index.js';
import { failureSchema } from '../../reply.js';
import {
  chargeAnswers,
  chargeFields,
  clientOf,
  findHorse,
  horseParams,
  parseBilling,
  prepaidDnaChosen,
  sendChargeAnswer,
} from './http.js';
import { idempotencyKeyFor } from './provider.js';
import {
  chargeFor,
  chargeHorse,
  isUniqueViolation,
  refuseIfBlocked,
  type PaymentDeps,
} from './service.js';
import { reversePayment } from './reversals.js';
import { paymentView } from './view.js';
import { applyPaymentUpdate } from './settle.js';
import { recordAudit } from '../audit/index.js';

const OFFLINE_MODES = { check: 'Check', cash: 'Cash', other: 'Other' } as const;

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

/** An offline payment is settled on arrival: row, horse, audit and mail in one transaction. */
async function recordOffline(
  deps: PaymentDeps,
  adminId: string,
  horseId: string,
  body: z.infer<typeof offlineBody>,
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
        await recordOffline(deps, userId, request.params.horseId, offline, client);
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
      const rows = await options.db
        .select()
        .from(payments)
        .where(eq(payments.horseId, horse.id))
        .orderBy(desc(payments.createdAt), desc(payments.id));
      return { success: true as const, data: rows.map(paymentView) };
    },
  );
};
