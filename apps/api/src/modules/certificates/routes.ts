import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ADMIN_MESSAGES } from '@registry/domain';
import type { Db } from '../../db/client.js';
import type { HorseRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { requireAuth } from '../auth/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { loadHorse } from '../horse-repository/index.js';
import { recordAudit } from '../audit/index.js';
import { publicCheck } from './public-check.js';

export interface CertificateOptions {
  db: Db;
  publicUrl: string;
  associationName: string;
}

const idParams = z.object({ id: z.string().max(64) });

/** Certificates for approved horses (owner and admin) and the public check behind the QR code. */
export const certificateRoutes: FastifyPluginAsyncZod<CertificateOptions> = async (
  app,
  options,
) => {
  const verifyUrl = (number: string) => `${options.publicUrl}/verify/${encodeURIComponent(number)}`;

  async function send(reply: FastifyReply, horse: HorseRow, actor: { userId: string; ip: string }) {
    if (horse.approvalStatus !== 'approved' || !horse.registrationNumber) {
      throw new HttpError(409, ADMIN_MESSAGES.notApproved);
    }
    // Loaded on the first certificate: the PDF and QR libraries cost ~25 MB a server at rest
    // need not hold (docs/operations.md "Memory").
    const { certificatePdf } = await import('./pdf.js');
    const bytes = await certificatePdf({
      associationName: options.associationName,
      horse,
      verifyUrl: verifyUrl(horse.registrationNumber),
      issuedAt: new Date(),
    });
    await recordAudit(options.db, {
      action: 'horse.certificate',
      success: true,
      actorId: actor.userId,
      subject: horse.id,
      ip: actor.ip,
    });
    const name = `certificate-${horse.registrationNumber.replace(/[^\w.-]/g, '_')}.pdf`;
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(Buffer.from(bytes));
  }

  const pdfSchema = (summary: string) => ({
    tags: ['certificates'],
    summary,
    security: [{ bearer: [] }],
    params: idParams,
    produces: ['application/pdf'],
  });

  app.get(
    '/members/horses/:id/certificate.pdf',
    {
      config: { access: 'member' },
      schema: pdfSchema('Registration certificate of my approved horse'),
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const horse = await loadHorse(options.db, request.params.id);
      // Someone else's horse is "not found", as on every member horse route.
      if (horse.ownerId !== userId) throw new HttpError(404, ADMIN_MESSAGES.horseNotFound);
      return send(reply, horse, { userId, ip: request.ip });
    },
  );

  app.get(
    '/admin/horses/:id/certificate.pdf',
    {
      config: { access: 'admin' },
      schema: pdfSchema('Registration certificate of an approved horse'),
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      return send(reply, await loadHorse(options.db, request.params.id), {
        userId,
        ip: request.ip,
      });
    },
  );

  app.get(
    '/public/verify/:registrationNumber',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['certificates'],
        summary:
          "Confirms a registration number: name, status, verified, sex, colour, foal year and the current owners' names. Nothing private.",
        params: z.object({ registrationNumber: z.string().trim().min(1).max(64) }),
        response: {
          200: successSchema(
            z.object({
              registrationNumber: z.string(),
              name: z.string(),
              status: z.literal('approved'),
              verified: z.boolean(),
              sex: z.string(),
              color: z.string(),
              foalYear: z.number().int(),
              /** Names only: no member numbers, addresses or emails. */
              owners: z.array(z.string()),
            }),
          ),
          '4xx': failureSchema,
        },
      },
    },
    async (request) => ok(await publicCheck(options.db, request.params.registrationNumber)),
  );
};
