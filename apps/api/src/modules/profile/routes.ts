import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFILE_MESSAGES,
  changeMemberPasswordSchema,
  memberProfileSchema,
  profileUpdateSchema,
} from '@registry/domain';
import type { Db } from '../../db/client.js';
import { requireAuth, type AuthSettings } from '../auth/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { recordAudit } from '../audit/index.js';
import type { FileStorage } from '../files/index.js';
import { PICTURE_MULTIPART_LIMITS, stagePicture } from './picture.js';
import {
  changeMemberPassword,
  ownMember,
  replacePicture,
  toMemberProfile,
  updateProfile,
} from './service.js';

export interface ProfileRoutesOptions {
  db: Db;
  storage: FileStorage;
  auth: AuthSettings;
}

const member = { access: 'member' as const };
const security = [{ bearer: [] }];
const tags = ['members'];
const profileReply = { 200: successSchema(memberProfileSchema), '4xx': failureSchema };
const idParams = z.object({ id: z.string().max(64) });

/** The member's own profile (spec §2, Profile page). Other members' ids answer 404. */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (app, options) => {
  const { db, storage } = options;
  const pictureUrl = options.auth.pictureUrl;
  // Only the picture route takes multipart bodies; registered inside this plugin for that.
  await app.register(multipart, { limits: PICTURE_MULTIPART_LIMITS, throwFileSizeLimit: false });

  const client = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  const audit = (
    request: Parameters<typeof client>[0],
    userId: string,
    action: string,
    details?: Record<string, unknown>,
  ) =>
    recordAudit(db, {
      action,
      success: true,
      subject: userId,
      actorId: userId,
      ...client(request),
      details,
    });

  app.get(
    '/members/:id',
    {
      config: member,
      schema: {
        tags,
        summary: 'My profile (my own id only)',
        security,
        params: idParams,
        response: profileReply,
      },
    },
    async (request) => {
      const row = await ownMember(db, requireAuth(request), request.params.id);
      return ok(toMemberProfile(row, pictureUrl));
    },
  );

  const update = async (
    request: Parameters<typeof client>[0] & { body: z.output<typeof profileUpdateSchema> },
    userId: string,
  ) => {
    const row = await updateProfile(db, userId, request.body);
    await audit(request, userId, 'profile.update');
    return ok(toMemberProfile(row, pictureUrl), PROFILE_MESSAGES.updated);
  };

  app.put(
    '/members/:id',
    {
      config: member,
      schema: {
        tags,
        summary: 'Update my profile (my own id only; email and member number are ignored)',
        security,
        params: idParams,
        body: profileUpdateSchema,
        response: profileReply,
      },
    },
    async (request) => {
      const row = await ownMember(db, requireAuth(request), request.params.id);
      return update(request, row.id);
    },
  );

  app.put(
    '/members/profile',
    {
      config: member,
      schema: {
        tags,
        summary: 'Update my profile (email and member number are ignored)',
        security,
        body: profileUpdateSchema,
        response: profileReply,
      },
    },
    async (request) => update(request, requireAuth(request).userId),
  );

  app.put(
    '/members/profile/picture',
    {
      config: member,
      schema: {
        tags,
        summary: 'Upload my profile picture (multipart part `profilePicture`: JPEG or PNG, 5 MB)',
        security,
        consumes: ['multipart/form-data'],
        formParts: {
          parts: { profilePicture: { kind: 'file', description: 'JPEG or PNG, at most 5 MB' } },
          required: ['profilePicture'],
        },
        response: profileReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const staged = await stagePicture(request, storage);
      const row = await replacePicture(db, storage, auth.userId, staged);
      await audit(request, auth.userId, 'profile.picture', { format: staged.format });
      return ok(toMemberProfile(row, pictureUrl), PROFILE_MESSAGES.pictureUpdated);
    },
  );

  app.delete(
    '/members/profile/picture',
    {
      config: member,
      schema: { tags, summary: 'Remove my profile picture', security, response: profileReply },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await replacePicture(db, storage, auth.userId, null);
      await audit(request, auth.userId, 'profile.picture', { removed: true });
      return ok(toMemberProfile(row, pictureUrl), PROFILE_MESSAGES.pictureRemoved);
    },
  );

  app.put(
    '/members/change-memberPassword',
    {
      config: member,
      schema: {
        tags,
        summary: 'Change my password with the current one; ends my other sessions',
        security,
        body: changeMemberPasswordSchema,
        response: { 200: successSchema(z.null()), '4xx': failureSchema },
      },
    },
    async (request) => {
      await changeMemberPassword(
        db,
        options.auth,
        requireAuth(request),
        request.body,
        client(request),
      );
      return ok(null, PROFILE_MESSAGES.passwordChanged);
    },
  );
};
