import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DRAFT_MAX_BYTES,
  DRAFT_MESSAGES,
  horseDraftSaveSchema,
  horseDraftSchema,
  horseDraftSummarySchema,
} from '@registry/domain';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../auth/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { deleteDraft, getDraft, listDrafts, saveDraft } from './service.js';

const member = { access: 'member' as const };
const security = [{ bearer: [] }];
const errors = { '4xx': failureSchema };
const tags = ['drafts'];
/** Any id that is not one of the member's drafts is "not found", malformed ones included. */
const readParams = z.object({ id: z.string().max(64) });
/** The form makes the id when it opens, so a save names a UUID. */
const saveParams = z.object({ id: z.uuid({ error: 'Draft id must be a UUID' }) });

/** `horse-drafts` (docs/api.md "Drafts"): HTTP only, rules in service.ts. */
export const draftRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/members/horse-drafts',
    {
      config: member,
      schema: {
        tags,
        summary: 'My Register Horse drafts, last saved first',
        security,
        response: { 200: successSchema(z.array(horseDraftSummarySchema)), ...errors },
      },
    },
    async (request) => ok(await listDrafts(db, requireAuth(request).userId)),
  );

  app.get(
    '/members/horse-drafts/:id',
    {
      config: member,
      schema: {
        tags,
        summary: 'One of my drafts with its values and uploads',
        security,
        params: readParams,
        response: { 200: successSchema(horseDraftSchema), ...errors },
      },
    },
    async (request) => ok(await getDraft(db, requireAuth(request).userId, request.params.id)),
  );

  app.put(
    '/members/horse-drafts/:id',
    {
      config: member,
      // The form's values are small; a body this size is not a form being typed.
      bodyLimit: DRAFT_MAX_BYTES,
      schema: {
        tags,
        summary: 'Save (create or replace) one of my drafts',
        security,
        params: saveParams,
        body: horseDraftSaveSchema,
        response: { 200: successSchema(horseDraftSummarySchema), ...errors },
      },
    },
    async (request) =>
      ok(await saveDraft(db, requireAuth(request).userId, request.params.id, request.body)),
  );

  app.delete(
    '/members/horse-drafts/:id',
    {
      config: member,
      schema: {
        tags,
        summary: 'Discard one of my drafts',
        security,
        params: readParams,
        response: { 200: successSchema(z.null()), ...errors },
      },
    },
    async (request) => {
      await deleteDraft(db, requireAuth(request).userId, request.params.id);
      return ok(null, DRAFT_MESSAGES.discarded);
    },
  );
};
