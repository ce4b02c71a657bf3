import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MEMBER_TRANSFER_MESSAGES,
  PAYMENT_MESSAGES,
  TRANSFER_FEE_PAYERS,
  acceptMemberTransferSchema,
  closeMemberTransferSchema,
  decideMemberTransferSchema,
  memberTransferSchema,
  startMemberTransferSchema,
} from '@registry/domain';
import { requireAuth } from '../auth/index.js';
import { answersOf, failureSchema, ok, successSchema } from '../../reply.js';
import { adminRoute, memberRoute } from '../../route-options.js';
import { reviewedVersion } from '../../reviewed-version.js';
import {
  chargeAnswers,
  chargeFields,
  clientOf,
  parseBilling,
  sendChargeAnswer,
  type PaymentDeps,
} from '../payments/index.js';
import { transferSettings } from '../settings/index.js';
import { decideTransfer } from './complete.js';
import { cancelWaitingFee, chargeTransferFee } from './pay.js';
import {
  acceptTransfer,
  closeTransfer,
  memberRow,
  startTransfer,
  type MemberTransferDeps,
} from './service.js';
import {
  roleOf,
  transferById,
  transfersForOffice,
  transfersOfMember,
  viewsOf,
  type TransferRow,
} from './store.js';

export type MemberTransferRouteDeps = MemberTransferDeps & Omit<PaymentDeps, 'log'>;

const security = [{ bearer: [] }];
const idParams = z.object({ id: z.string().max(64) });

const listSchema = z.object({
  transfers: z.array(memberTransferSchema),
  /** What a transfer started now costs and who pays it. */
  terms: z.object({ feeCents: z.number(), payer: z.enum(TRANSFER_FEE_PAYERS) }),
});

/** Member and office routes of member-started transfers (docs/api.md "Member transfers"). */
export const memberTransferRoutes: FastifyPluginAsyncZod<MemberTransferRouteDeps> = async (
  app,
  deps,
) => {
  const { db } = deps;
  const one = async (
    row: TransferRow,
    role: (row: TransferRow) => 'seller' | 'buyer' | 'office',
  ) => {
    const [view] = await viewsOf(db, [row], role, true);
    return view!;
  };

  app.get(
    '/members/transfers',
    memberRoute('transfers', 'My transfers, as seller or buyer, and the current fee terms', {
      response: answersOf(listSchema),
    }),
    async (request) => {
      const member = await memberRow(db, requireAuth(request).userId);
      const rows = await transfersOfMember(db, member.id);
      const settings = await transferSettings(db);
      return ok({
        transfers: await viewsOf(db, rows, (row) => roleOf(row, member)),
        terms: { feeCents: settings.feeCents, payer: settings.payer },
      });
    },
  );

  app.get(
    '/members/transfers/:id',
    memberRoute('transfers', 'One of my transfers, with both signatures', {
      params: idParams,
      response: answersOf(memberTransferSchema),
    }),
    async (request) => {
      const member = await memberRow(db, requireAuth(request).userId);
      const row = await transferById(db, request.params.id);
      roleOf(row, member);
      return ok(await one(row, (r) => roleOf(r, member)));
    },
  );

  app.post(
    '/members/transfers',
    memberRoute('transfers', 'Start the transfer of my approved horse to a buyer, signed', {
      body: startMemberTransferSchema,
      response: { 201: successSchema(memberTransferSchema), '4xx': failureSchema },
    }),
    async (request, reply) => {
      const member = await memberRow(db, requireAuth(request).userId);
      const row = await startTransfer(deps, request.body, { user: member, ip: request.ip });
      const view = await one(row, () => 'seller');
      return reply
        .status(201)
        .send(
          ok(
            view,
            row.invited ? MEMBER_TRANSFER_MESSAGES.invited : MEMBER_TRANSFER_MESSAGES.started,
          ),
        );
    },
  );

  app.post(
    '/members/transfers/:id/accept',
    memberRoute('transfers', 'Accept and sign a transfer to me', {
      params: idParams,
      body: acceptMemberTransferSchema,
      response: answersOf(memberTransferSchema),
    }),
    async (request) => {
      const member = await memberRow(db, requireAuth(request).userId);
      const row = await acceptTransfer(deps, request.params.id, request.body, {
        user: member,
        ip: request.ip,
      });
      return ok(await one(row, () => 'buyer'), MEMBER_TRANSFER_MESSAGES.accepted);
    },
  );

  for (const how of ['decline', 'cancel'] as const) {
    app.post(
      `/members/transfers/:id/${how}`,
      {
        config: { access: 'member' },
        schema: {
          tags: ['transfers'],
          summary:
            how === 'decline'
              ? 'Decline a transfer to me'
              : 'Cancel a transfer (seller or buyer) before the office decides',
          security,
          params: idParams,
          body: closeMemberTransferSchema,
          response: answersOf(memberTransferSchema),
        },
      },
      async (request) => {
        const member = await memberRow(db, requireAuth(request).userId);
        const row = await closeTransfer(deps, request.params.id, how, request.body, {
          user: member,
          ip: request.ip,
        });
        return ok(
          await one(row, (r) => roleOf(r, member)),
          how === 'decline'
            ? MEMBER_TRANSFER_MESSAGES.declined
            : MEMBER_TRANSFER_MESSAGES.cancelled,
        );
      },
    );
  }

  app.post(
    '/members/transfers/:id/pay',
    memberRoute(
      'transfers',
      'Pay the transfer fee (the party the association chose), card or bank',
      {
        params: idParams,
        body: z.looseObject({ ...chargeFields, billingInfo: z.unknown() }),
        response: chargeAnswers,
      },
    ),
    async (request, reply) => {
      const member = await memberRow(db, requireAuth(request).userId);
      const { billing, method } = parseBilling(request.body.billingInfo);
      const row = await chargeTransferFee(
        { ...deps, log: request.log },
        {
          transferId: request.params.id,
          payer: member,
          paymentMethodId: request.body.paymentMethodId,
          method,
          billing,
          checkedAgreement: request.body.checkedAgreement,
          ...clientOf(request),
        },
      );
      return sendChargeAnswer(reply, row, MEMBER_TRANSFER_MESSAGES.feePaid);
    },
  );

  app.post(
    '/members/transfers/:id/pay/cancel',
    memberRoute(
      'transfers',
      'Pay another way: cancel my transfer-fee payment that waits for approval (3-D Secure)',
      {
        params: idParams,
        response: {
          200: z.object({ success: z.literal(true), message: z.string() }),
          '4xx': failureSchema,
          502: failureSchema,
        },
      },
    ),
    async (request) => {
      const member = await memberRow(db, requireAuth(request).userId);
      await cancelWaitingFee(
        { ...deps, log: request.log },
        request.params.id,
        member,
        clientOf(request),
      );
      return { success: true as const, message: PAYMENT_MESSAGES.paymentCanceled };
    },
  );

  app.get(
    '/admin/member-transfers',
    adminRoute("Members' transfers: open ones (default) or all, newest first", {
      querystring: z.object({ scope: z.enum(['open', 'all']).default('open') }),
      response: answersOf(z.array(memberTransferSchema)),
    }),
    async (request) => {
      const rows = await transfersForOffice(db, request.query.scope);
      return ok(await viewsOf(db, rows, () => 'office'));
    },
  );

  app.get(
    '/admin/member-transfers/:id',
    adminRoute('One member transfer with both signatures and its payment', {
      params: idParams,
      response: answersOf(memberTransferSchema),
    }),
    async (request) => ok(await one(await transferById(db, request.params.id), () => 'office')),
  );

  app.put(
    '/admin/member-transfers/:id',
    adminRoute('Approve or reject a member transfer, on the versions reviewed', {
      params: idParams,
      body: decideMemberTransferSchema,
      response: answersOf(memberTransferSchema),
    }),
    async (request) => {
      const { userId } = requireAuth(request);
      const version = reviewedVersion(request.body.version, request.headers['if-match']);
      const row = await decideTransfer(
        deps,
        request.params.id,
        { ...request.body, version },
        { userId, ip: request.ip },
      );
      return ok(
        await one(row, () => 'office'),
        row.status === 'approved'
          ? MEMBER_TRANSFER_MESSAGES.approved
          : MEMBER_TRANSFER_MESSAGES.rejected,
      );
    },
  );
};
