import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  MEMBER_CSV_COLUMNS,
  MEMBER_CSV_EXPORT_ONLY,
  MEMBER_CSV_MAX_BYTES,
  MEMBER_SORT_FIELDS,
  SORT_ORDERS,
  auditEntrySchema,
  bulkCredentialsInputSchema,
  bulkCredentialsResultSchema,
  memberInputSchema,
  memberSchema,
} from '@registry/domain';
import { requireAuth } from '../auth/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { auditOfUser, recordAudit } from '../audit/index.js';
import {
  createMember,
  deleteMember,
  getMember,
  listMembers,
  loadMember,
  updateMember,
} from './admin-service.js';
import { sendCredentials, sendCredentialsToMany, type CredentialDeps } from './credentials.js';
import { exportMembersCsv, importMembers } from './csv.js';
import { parseMemberNumberFormat, type RegistrationNumberFormat } from '../../numbering.js';
import { readSingleFile } from './upload.js';

const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};
const listQuery = z.object({
  ...paging,
  q: z.string().trim().max(100).optional(),
  sort: z.enum(MEMBER_SORT_FIELDS).default('name'),
  order: z.enum(SORT_ORDERS).default('asc'),
  active: z
    .enum(['', 'true', 'false'])
    .optional()
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined)),
});
const idParams = z.object({ id: z.string().max(64) });
const admin = { access: 'admin' as const };
const security = [{ bearer: [] }];
const errors = { '4xx': failureSchema };
const tags = ['admin'];

const importRowSchema = z.object({
  row: z.number(),
  values: z.record(z.string(), z.string()),
  errors: z.record(z.string(), z.string()),
});
const importReportSchema = z.object({
  mode: z.enum(['preview', 'commit']),
  totalRows: z.number(),
  errorRows: z.number(),
  imported: z.number(),
  importedIds: z.array(z.string()),
  rows: z.array(importRowSchema),
});

/** The members routes of the admin portal (docs/api.md "Administration: members"). */
export const memberManagementRoutes: FastifyPluginAsyncZod<
  CredentialDeps & { memberNumbers?: RegistrationNumberFormat }
> = async (app, deps) => {
  const memberNumbers = deps.memberNumbers ?? parseMemberNumberFormat(undefined);
  await app.register(multipart, {
    limits: { fileSize: MEMBER_CSV_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: false,
  });
  const db = deps.db;
  const actor = (request: Parameters<typeof requireAuth>[0]) => ({
    userId: requireAuth(request).userId,
    ip: request.ip,
  });
  const actorOf = (request: Parameters<typeof requireAuth>[0]) => ({
    actorId: requireAuth(request).userId,
    ip: request.ip,
  });
  const page = successSchema(
    z.object({
      items: z.array(memberSchema),
      total: z.number(),
      // Counted to 1,000 past the page: true when there are more (docs/api.md "Lists and counts").
      totalIsEstimate: z.boolean(),
      page: z.number(),
      pageSize: z.number(),
    }),
  );

  for (const url of ['/admin/members', '/admin/members/search']) {
    app.get(
      url,
      {
        config: admin,
        schema: {
          tags,
          summary: 'Members: search (name, email, member number, city), sorting, paging',
          security,
          querystring: listQuery,
          response: { 200: page, ...errors },
        },
      },
      async (request) => ok(await listMembers(db, request.query)),
    );
  }

  app.get(
    '/admin/members/export.csv',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every member as CSV (text/csv)',
        security,
        produces: ['text/csv'],
        fileExample: `${[...MEMBER_CSV_COLUMNS, ...MEMBER_CSV_EXPORT_ONLY].join(',')}\r\n`,
      },
    },
    async (request, reply) => {
      const csv = await exportMembersCsv(db);
      // Every member's contact details leave the system: worth a line in the audit log.
      await recordAudit(db, { action: 'member.export', success: true, ...actorOf(request) });
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="members-${date}.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/admin/members/import',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Import members from CSV: preview (row errors) or commit (all or nothing)',
        security,
        querystring: z.object({ mode: z.enum(['preview', 'commit']).default('preview') }),
        consumes: ['multipart/form-data'],
        formParts: {
          parts: { file: { kind: 'file', description: 'The members as CSV (one file part)' } },
          required: ['file'],
        },
        response: { 200: successSchema(importReportSchema), ...errors },
      },
    },
    async (request) => {
      const who = actor(request);
      const bytes = await readSingleFile(request, MEMBER_CSV_MAX_BYTES, {
        missing: ADMIN_MESSAGES.csvFileRequired,
        tooLarge: ADMIN_MESSAGES.csvTooLarge,
      });
      const report = await importMembers(db, bytes, request.query.mode, who, memberNumbers);
      return ok(
        report,
        report.mode === 'commit' ? `${report.imported} members imported` : undefined,
      );
    },
  );

  app.get(
    '/admin/members/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One member',
        security,
        params: idParams,
        response: { 200: successSchema(memberSchema), ...errors },
      },
    },
    async (request) => ok(await getMember(db, request.params.id)),
  );

  app.post(
    '/admin/members',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create a member (no password: send credentials afterwards)',
        security,
        body: memberInputSchema,
        response: { 201: successSchema(memberSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(await createMember(db, request.body, actor(request), memberNumbers), 'Member created'),
        ),
  );

  app.put(
    '/admin/members/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: "Edit a member's profile",
        security,
        params: idParams,
        body: memberInputSchema,
        response: { 200: successSchema(memberSchema), ...errors },
      },
    },
    async (request) =>
      ok(await updateMember(db, request.params.id, request.body, actor(request)), 'Member updated'),
  );

  app.delete(
    '/admin/members/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a member who owns no horses',
        security,
        params: idParams,
        response: { 200: successSchema(z.object({ id: z.string() })), ...errors },
      },
    },
    async (request) => {
      await deleteMember(db, request.params.id, actor(request));
      return ok({ id: request.params.id }, 'Member deleted');
    },
  );

  app.post(
    '/admin/send-membercredentials/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Email the member a single-use link to choose a password',
        security,
        params: idParams,
        response: { 200: successSchema(z.object({ expiresAt: z.string() })), ...errors },
      },
    },
    async (request) =>
      ok(
        await sendCredentials(deps, request.params.id, actor(request)),
        ADMIN_MESSAGES.credentialsSent,
      ),
  );

  app.post(
    '/admin/members/send-credentials',
    {
      config: {
        ...admin,
        // 5,000 imported rows are 100 requests of 50; more than that a minute is not a person.
        rateLimit: { max: 120, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary: 'Email set-password links to many members (after an import); repeat-safe',
        security,
        body: bulkCredentialsInputSchema,
        response: { 200: successSchema(bulkCredentialsResultSchema), ...errors },
      },
    },
    async (request) =>
      ok(await sendCredentialsToMany(deps, request.body.memberIds, actor(request))),
  );

  app.get(
    '/admin/members/:id/audit',
    {
      config: admin,
      schema: {
        tags,
        summary: "A member's audit log: sign-ins, changes made to them, their own actions",
        security,
        params: idParams,
        querystring: z.object({
          ...paging,
          pageSize: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: {
          200: successSchema(
            z.object({
              items: z.array(auditEntrySchema),
              total: z.number(),
              page: z.number(),
              pageSize: z.number(),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      const member = await loadMember(db, request.params.id);
      return ok(await auditOfUser(db, member, request.query));
    },
  );
};
