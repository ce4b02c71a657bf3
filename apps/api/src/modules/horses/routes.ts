import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import {
  COLORS,
  GAIT_DESIGNATIONS,
  SEXES,
  STATES,
  horseSchema,
  horseSummarySchema,
  pageSchema,
  publicHorseSchema,
  publicHorseSummarySchema,
} from '@registry/domain';
import { APPROVAL_STATUSES } from '@registry/domain';
import { requireAuth, type AuthContext } from '../auth/index.js';
import { JsonAnswers } from '../read-cache/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { memberRoute } from '../../route-options.js';
import type { FormMode } from './form-fields.js';
import { horseFormParts } from './form-docs.js';
import { receiveAnyForm } from './json-form.js';
import { MULTIPART_LIMITS } from './multipart.js';
import { ownerCheckRoutes } from './owner-check-routes.js';
import { publicHorseById } from './public-record.js';
import { listOwnHorses, searchRegistry } from './queries.js';
import {
  EDIT_MESSAGES,
  HORSE_API_MESSAGES,
  deleteHorse,
  editOwnHorse,
  getOwnHorse,
  registerHorse,
  requireOwnHorse,
  type HorseDeps,
} from './service.js';

export type HorseRoutesOptions = Omit<HorseDeps, 'log'> & {
  /** How long list and search answers may be served from memory (0: never). */
  cacheMs: number;
};

/** Any id that is not one of the member's horses is "not found", malformed ones included. */
const idParams = z.object({ id: z.string().max(64) });

const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};
const q = z.string().trim().max(100).optional();
/** An empty select in a filter form arrives as `color=`: that means "any". */
const optionalFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values)])
    .optional()
    .transform((value) => (value === '' ? undefined : value));

const ownListQuery = z.object({
  ...paging,
  approvalStatus: optionalFilter(APPROVAL_STATUSES),
  q,
});
const searchQuery = z.object({
  ...paging,
  q,
  color: optionalFilter(COLORS),
  sex: optionalFilter(SEXES),
  gaitDesignation: optionalFilter(GAIT_DESIGNATIONS),
  stateFoaledIn: optionalFilter(STATES),
  owner: q,
  breeder: q,
});

const member = { access: 'member' as const };
const security = [{ bearer: [] }];
const errors = { '4xx': failureSchema };
const multipartBody = (mode: FormMode) => ({
  consumes: ['multipart/form-data'],
  description: 'multipart/form-data; parts as listed in docs/api.md ("Horses (member)")',
  formParts: horseFormParts(mode),
});

/** The member's horse routes (docs/api.md "Horses (member)"). HTTP only: rules live in service.ts. */
export const horseRoutes: FastifyPluginAsyncZod<HorseRoutesOptions> = async (app, options) => {
  // Registered here so that only these routes accept multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });
  // The form's lookup of a co-owner's member number (docs/api.md "Owners and member numbers").
  await app.register(ownerCheckRoutes, { db: options.db });
  const { cacheMs, ...services } = options;
  const deps = (log: HorseDeps['log']): HorseDeps => ({ ...services, log });
  // Members open these lists far more often than anything in them changes.
  const answers = new JsonAnswers(app.changes, 'horses', cacheMs);
  // Lists answer summaries; a horse's full record is its own route (docs/api.md).
  const ownPage = successSchema(pageSchema(horseSummarySchema));
  const publicPage = successSchema(pageSchema(publicHorseSummarySchema));
  /**
   * A list page, answered from memory when the same page (`scope` and query) was answered moments
   * ago. The caller is the request's, its session checked by the access plugin (auth).
   */
  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: ZodType,
    scope: (auth: AuthContext) => string,
    query: object,
    load: (auth: AuthContext) => Promise<unknown>,
  ) => {
    const auth = requireAuth(request);
    const key = `${scope(auth)}:${JSON.stringify(query)}`;
    return answers.send(reply, key, page, async () => ok(await load(auth)));
  };

  // The spec names three paths for one registration (§7.2 Owner: members/horses/register,
  // /horses and auth/horses/register); all three answer the same.
  for (const [path, summary] of [
    ['/members/horses/register', 'Register a horse (multipart form with files)'],
    ['/horses', 'Register a horse: the same as POST /members/horses/register'],
    ['/auth/horses/register', 'Register a horse: the same as POST /members/horses/register'],
  ] as const) {
    app.post(
      path,
      {
        config: member,
        schema: {
          tags: ['horses'],
          summary,
          security,
          ...multipartBody('register'),
          response: { 201: successSchema(horseSchema), ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = requireAuth(request);
        const form = await receiveAnyForm(request, options.storage, 'register');
        const { horse } = await registerHorse(deps(request.log), userId, form);
        return reply.status(201).send(ok(horse, HORSE_API_MESSAGES.registered));
      },
    );
  }

  app.get(
    '/members/horses/:id',
    memberRoute('horses', 'One of my horses', {
      params: idParams,
      response: { 200: successSchema(horseSchema), ...errors },
    }),
    async (request) =>
      ok(await getOwnHorse(deps(request.log), requireAuth(request).userId, request.params.id)),
  );

  app.put(
    '/members/horses/:id',
    memberRoute(
      'horses',
      'Edit one of my horses (multipart; files optional, a given file replaces)',
      {
        params: idParams,
        ...multipartBody('edit'),
        response: { 200: successSchema(horseSchema), ...errors },
      },
    ),
    async (request) => {
      const { userId } = requireAuth(request);
      // Someone else's horse is refused before any of the request's files is stored.
      await requireOwnHorse(deps(request.log), userId, request.params.id);
      const form = await receiveAnyForm(request, options.storage, 'edit');
      const { horse, outcome } = await editOwnHorse(
        deps(request.log),
        userId,
        request.params.id,
        form,
      );
      return ok(horse, EDIT_MESSAGES[outcome]);
    },
  );

  app.delete(
    '/members/horses/:id',
    memberRoute('horses', 'Delete one of my horses (not once approved)', {
      params: idParams,
      response: { 200: successSchema(z.object({ id: z.string() })), ...errors },
    }),
    async (request) => {
      await deleteHorse(deps(request.log), requireAuth(request).userId, request.params.id);
      return ok({ id: request.params.id }, HORSE_API_MESSAGES.deleted);
    },
  );

  /** A member's list route: signed in as a member, answering one page of `page`. */
  const listing = <Q extends ZodType>(summary: string, querystring: Q, page: ZodType) => ({
    config: member,
    schema: {
      tags: ['horses'],
      summary,
      security,
      querystring,
      response: { 200: page, ...errors },
    },
  });
  const sendOwnPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    query: Parameters<typeof listOwnHorses>[2],
  ) =>
    sendPage(
      request,
      reply,
      ownPage,
      (auth) => `mine:${auth.userId}`,
      query,
      (auth) => listOwnHorses(options.db, auth.userId, query),
    );

  app.get(
    '/auth/horses',
    listing('My horses, newest first', ownListQuery, ownPage),
    async (request, reply) => sendOwnPage(request, reply, request.query),
  );

  // The spec's owner list names the pending filter as a path of its own
  // (auth/horses/approvalStatus=pending) beside auth/pending-horses; both answer the same.
  for (const [path, summary] of [
    ['/auth/pending-horses', 'My horses awaiting approval'],
    [
      '/auth/horses/approvalStatus=pending',
      'My horses awaiting approval: the same as GET /auth/pending-horses',
    ],
  ] as const) {
    app.get(
      path,
      listing(summary, ownListQuery.omit({ approvalStatus: true }), ownPage),
      async (request, reply) =>
        sendOwnPage(request, reply, { ...request.query, approvalStatus: 'pending' as const }),
    );
  }

  app.get(
    '/auth/horses/search',
    listing('Search the approved horses of the whole registry', searchQuery, publicPage),
    // The same for every member: approved horses only, public fields only.
    async (request, reply) =>
      sendPage(
        request,
        reply,
        publicPage,
        () => 'search',
        request.query,
        () => searchRegistry(options.db, request.query),
      ),
  );

  app.get(
    '/auth/horses/search/:id',
    memberRoute('horses', 'One approved horse of the registry, as search shows it when opened', {
      params: idParams,
      response: { 200: successSchema(publicHorseSchema), ...errors },
    }),
    async (request) => ok(await publicHorseById(options.db, options.signer, request.params.id)),
  );
};
