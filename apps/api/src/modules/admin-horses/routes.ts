import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_HORSE_SORT_FIELDS,
  SORT_ORDERS,
  pageSchema,
  APPROVAL_STATUSES,
  PAYMENT_STATUSES,
  adminHorseSchema,
  adminHorseSummarySchema,
  historyEntrySchema,
  LINEAGE_MESSAGES,
  PARENT_SIDES,
  parentLinkBodySchema,
  parentLinkResultSchema,
  parentLinksSchema,
} from '@registry/domain';
import { requireAuth } from '../auth/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { adminRoute } from '../../route-options.js';
import {
  type FormMode,
  horseFormParts,
  MULTIPART_LIMITS,
  receiveForm,
  HORSE_API_MESSAGES,
  type HorseDeps,
} from '../horses/index.js';
import { horseHistory } from './history.js';
import { HORSE_CSV_COLUMNS, exportHorsesCsv } from './export.js';
import { listAdminHorses } from './queries.js';
import { recordAudit } from '../audit/index.js';
import {
  adminDeleteHorse,
  adminUpdateHorse,
  createHorseFor,
  requireHorse,
  requireMember,
} from './service.js';
import { adminHorseById } from './view.js';
import { parentLinksOf, setParentLink } from './parent-links.js';
import { reviewedVersion } from '../../reviewed-version.js';

export type AdminHorseRoutesOptions = Omit<HorseDeps, 'log'>;

const optionalFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values)])
    .optional()
    .transform((value) => (value === '' ? undefined : value));

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  q: z.string().trim().max(100).optional(),
  owner: z.string().trim().max(100).optional(),
  breeder: z.string().trim().max(100).optional(),
  breeding: optionalFilter(['no-report', 'linked'] as const),
  approvalStatus: optionalFilter(APPROVAL_STATUSES),
  paymentStatus: optionalFilter(PAYMENT_STATUSES),
  ownerId: z
    .union([z.literal(''), z.uuid({ error: 'Owner id must be a UUID' })])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  sort: z.enum(ADMIN_HORSE_SORT_FIELDS).default('createdAt'),
  order: z.enum(SORT_ORDERS).default('desc'),
});
const idParams = z.object({ id: z.string().max(64) });
const admin = { access: 'admin' as const };
const security = [{ bearer: [] }];
const errors = { '4xx': failureSchema };
const multipartBody = (mode: FormMode) => ({
  consumes: ['multipart/form-data'],
  description: 'multipart/form-data; parts as in docs/api.md ("Horses (member)")',
  formParts: horseFormParts(mode, { json: false }),
});
const pageOfHorses = successSchema(pageSchema(adminHorseSummarySchema));

/** The administrators' horse routes (docs/api.md "Administration: horses"). */
export const adminHorseRoutes: FastifyPluginAsyncZod<AdminHorseRoutesOptions> = async (
  app,
  options,
) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });
  const deps = (log: HorseDeps['log']): HorseDeps => ({ ...options, log });
  const actor = (request: Parameters<typeof requireAuth>[0]) => ({
    userId: requireAuth(request).userId,
    ip: request.ip,
  });

  for (const [url, summary] of [
    ['/admin/horses', 'Every horse: filters, search, sorting, paging'],
    [
      '/admin/horses/search',
      'Every horse: filters, search, sorting, paging (same as admin/horses)',
    ],
  ] as const) {
    app.get(
      url,
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary,
          security,
          querystring: listQuery,
          response: { 200: pageOfHorses, ...errors },
        },
      },
      async (request) => ok(await listAdminHorses(options.db, request.query)),
    );
  }

  app.get(
    '/admin/horses/export.csv',
    adminRoute(
      'The horse register as CSV (UTF-8 with BOM), with the Horse List filters and order',
      {
        querystring: listQuery.omit({ page: true, pageSize: true }),
        produces: ['text/csv'],
        fileExample: `${HORSE_CSV_COLUMNS.join(',')}\r\n`,
      },
    ),
    async (request, reply) => {
      const csv = await exportHorsesCsv(options.db, request.query);
      // The register, owners' contact details included, leaves the system: audited.
      await recordAudit(options.db, {
        action: 'horse.export',
        success: true,
        actorId: requireAuth(request).userId,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="horses-${date}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/admin/pending-horses',
    adminRoute('The approval queue (approvalStatus pending), oldest first by default', {
      querystring: listQuery.omit({ approvalStatus: true }).extend({
        order: z.enum(SORT_ORDERS).default('asc'),
      }),
      response: { 200: pageOfHorses, ...errors },
    }),
    async (request) =>
      ok(
        await listAdminHorses(options.db, {
          ...request.query,
          approvalStatus: 'pending',
        }),
      ),
  );

  app.get(
    '/admin/horses/:id',
    adminRoute('One horse with its full registration and history', {
      params: idParams,
      response: {
        200: successSchema(adminHorseSchema.extend({ history: z.array(historyEntrySchema) })),
        ...errors,
      },
    }),
    async (request) => {
      const horse = await adminHorseById(options.db, options.signer, request.params.id);
      return ok({ ...horse, history: await horseHistory(options.db, horse._id) });
    },
  );

  app.post(
    '/admin/horses',
    adminRoute("Register a horse on a member's behalf (multipart register form; no payment)", {
      querystring: z.object({ ownerId: z.uuid({ error: 'Owner id must be a UUID' }) }),
      ...multipartBody('register'),
      response: { 201: successSchema(adminHorseSchema), ...errors },
    }),
    async (request, reply) => {
      const who = actor(request);
      await requireMember(deps(request.log), request.query.ownerId);
      const form = await receiveForm(request, options.storage, 'register');
      const horse = await createHorseFor(deps(request.log), request.query.ownerId, form, who);
      return reply.status(201).send(ok(horse, HORSE_API_MESSAGES.registered));
    },
  );

  app.put(
    '/admin/horses/:id',
    adminRoute('Edit any horse (multipart edit form; a given file replaces)', {
      params: idParams,
      ...multipartBody('edit'),
      response: { 200: successSchema(adminHorseSchema), ...errors },
    }),
    async (request) => {
      const who = actor(request);
      await requireHorse(deps(request.log), request.params.id);
      const form = await receiveForm(request, options.storage, 'edit');
      const horse = await adminUpdateHorse(deps(request.log), request.params.id, form, who);
      return ok(horse, HORSE_API_MESSAGES.updated);
    },
  );

  app.delete(
    '/admin/horses/:id',
    adminRoute('Delete any horse with its files', {
      params: idParams,
      response: { 200: successSchema(z.object({ id: z.string() })), ...errors },
    }),
    async (request) => {
      await adminDeleteHorse(deps(request.log), request.params.id, actor(request));
      return ok({ id: request.params.id }, HORSE_API_MESSAGES.deleted);
    },
  );

  app.get(
    '/admin/horses/:id/parents',
    adminRoute("The horse's sire and dam linked to their registered records, and its version", {
      params: idParams,
      response: { 200: successSchema(parentLinksSchema), ...errors },
    }),
    async (request) => ok(await parentLinksOf(options.db, request.params.id)),
  );

  app.put(
    '/admin/horses/:id/parents/:side',
    adminRoute(
      "Link the horse's sire or dam to an approved horse by registration number (null unlinks), on the version reviewed",
      {
        params: idParams.extend({ side: z.enum(PARENT_SIDES) }),
        body: parentLinkBodySchema,
        response: { 200: successSchema(parentLinkResultSchema), ...errors },
      },
    ),
    async (request) => {
      const who = actor(request);
      const version = reviewedVersion(request.body.version, request.headers['if-match']);
      const result = await setParentLink(
        options.db,
        request.params.id,
        request.params.side,
        { registrationNumber: request.body.registrationNumber, version },
        who,
      );
      return ok(result, result.parent ? LINEAGE_MESSAGES.linked : LINEAGE_MESSAGES.unlinked);
    },
  );
};
