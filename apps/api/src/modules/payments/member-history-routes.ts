import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberPaymentSchema } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../auth/index.js';
import { failureSchema } from '../../reply.js';
import { myPayments, receiptPayer, receiptPayment } from './member-history.js';

export interface MemberHistoryOptions {
  db: Db;
  associationName: string;
}

const security = [{ bearer: [] }];

/** `GET members/payments`, `GET members/payments/:id/receipt.pdf` (docs/api.md "My payments"). */
export const memberHistoryRoutes: FastifyPluginAsyncZod<MemberHistoryOptions> = async (
  app,
  options,
) => {
  app.get(
    '/members/payments',
    {
      config: { access: 'member' },
      schema: {
        tags: ['payments'],
        summary:
          'My payments, newest first, with the horse each was for and whether a receipt exists',
        security,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(memberPaymentSchema) }),
          '4xx': failureSchema,
        },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      return { success: true as const, data: await myPayments(options.db, userId) };
    },
  );

  app.get(
    '/members/payments/:id/receipt.pdf',
    {
      config: { access: 'member' },
      schema: {
        tags: ['payments'],
        summary: 'The receipt (PDF) of one of my payments that went through, with its refund',
        security,
        params: z.object({ id: z.string().max(64) }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const { payment } = await receiptPayment(options.db, userId, request.params.id);
      const payer = await receiptPayer(options.db, userId);
      // Loaded on the first receipt, as the certificate's PDF library is (docs/operations.md).
      const { receiptPdf } = await import('./receipt-pdf.js');
      const bytes = await receiptPdf({
        associationName: options.associationName,
        payment,
        payer,
        issuedAt: new Date(),
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="receipt-${payment.id}.pdf"`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(Buffer.from(bytes));
    },
  );
};
