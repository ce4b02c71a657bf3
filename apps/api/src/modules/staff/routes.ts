import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  STAFF_MESSAGES,
  staffInviteSchema,
  staffMemberSchema,
  staffRoleChangeSchema,
} from '@registry/domain';
import { requireAuth } from '../auth/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import {
  changeStaffRole,
  inviteStaff,
  listStaff,
  removeStaff,
  resendInvitation,
  setStaffActive,
  type StaffDeps,
} from './service.js';

const idParams = z.object({ id: z.string().max(64) });
// Which roles may call these is STAFF_POLICY's 'staff' area: administrators only.
const admin = { access: 'admin' as const };
const tags = ['admin'];
const errors = { '4xx': failureSchema };
const one = successSchema(staffMemberSchema);

const actor = (request: FastifyRequest) => ({
  userId: requireAuth(request).userId,
  ip: request.ip,
});

/** Office staff accounts (docs/api.md "Staff"): list, invite, role, deactivate, remove. */
export const staffRoutes: FastifyPluginAsyncZod<StaffDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/admin/staff',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Office staff accounts with role, status and last sign-in',
        response: {
          200: successSchema(z.object({ items: z.array(staffMemberSchema) })),
          ...errors,
        },
      },
    },
    async () => ok({ items: await listStaff(db) }),
  );

  app.post(
    '/admin/staff',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Invite a staff member: opens the account and mails a set-password link',
        body: staffInviteSchema,
        response: { 201: one, ...errors },
      },
    },
    async (request, reply) => {
      const created = await inviteStaff(deps, request.body, actor(request));
      return reply.code(201).send(ok(created, STAFF_MESSAGES.invited));
    },
  );

  app.post(
    '/admin/staff/:id/invite',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Mail a new set-password link to a staff member who has none yet',
        params: idParams,
        response: { 200: one, ...errors },
      },
    },
    async (request) =>
      ok(await resendInvitation(deps, request.params.id, actor(request)), STAFF_MESSAGES.invited),
  );

  app.put(
    '/admin/staff/:id/role',
    {
      config: admin,
      schema: {
        tags,
        summary: "Change a staff member's role (their sessions end)",
        params: idParams,
        body: staffRoleChangeSchema,
        response: { 200: one, ...errors },
      },
    },
    async (request) =>
      ok(
        await changeStaffRole(db, request.params.id, request.body.staffRole, actor(request)),
        STAFF_MESSAGES.roleChanged,
      ),
  );

  for (const [path, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    app.put(
      `/admin/staff/:id/${path}`,
      {
        config: admin,
        schema: {
          tags,
          summary: active
            ? 'Reactivate a staff member'
            : 'Deactivate a staff member (cannot sign in; sessions end)',
          params: idParams,
          response: { 200: one, ...errors },
        },
      },
      async (request) =>
        ok(
          await setStaffActive(db, request.params.id, active, actor(request)),
          active ? STAFF_MESSAGES.reactivated : STAFF_MESSAGES.deactivated,
        ),
    );
  }

  app.delete(
    '/admin/staff/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Remove a staff member (their history keeps their name)',
        params: idParams,
        response: { 200: successSchema(z.object({ id: z.string() })), ...errors },
      },
    },
    async (request) =>
      ok(await removeStaff(db, request.params.id, actor(request)), STAFF_MESSAGES.removed),
  );
};
