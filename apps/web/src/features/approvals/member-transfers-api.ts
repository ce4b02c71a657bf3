import { skipToken } from '@reduxjs/toolkit/query/react';
import type { MemberTransfer, TransferSettings } from '@registry/domain';
import { queryState, serverApi, type Answer } from '../../stores/server-api';

/** The office's side of member transfers (docs/api.md "Member transfers", "Settings"). */

export type TransferDecision = { version: number; horseVersion: number } & (
  { action: 'approve' } | { action: 'reject'; reason: string }
);

const officeTransfersApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    memberTransfers: build.query<MemberTransfer[], 'open' | 'all'>({
      query: (scope) => ({ url: 'admin/member-transfers', params: { scope } }),
      providesTags: ['Transfer'],
    }),
    memberTransfer: build.query<MemberTransfer, string>({
      query: (id) => `admin/member-transfers/${encodeURIComponent(id)}`,
      providesTags: ['Transfer'],
    }),
    decideMemberTransfer: build.mutation<
      Answer<MemberTransfer>,
      { id: string; body: TransferDecision }
    >({
      query: ({ id, body }) => ({
        url: `admin/member-transfers/${encodeURIComponent(id)}`,
        method: 'put',
        body,
      }),
      invalidatesTags: ['Transfer', 'Horse', 'Member'],
    }),
    transferSettings: build.query<TransferSettings, void>({
      query: () => 'admin/settings/transfers',
      providesTags: ['Transfer'],
    }),
    saveTransferSettings: build.mutation<Answer<TransferSettings>, TransferSettings>({
      query: (body) => ({ url: 'admin/settings/transfers', method: 'put', body }),
      invalidatesTags: ['Transfer'],
    }),
  }),
});

export const useMemberTransfers = (scope: 'open' | 'all') =>
  queryState(officeTransfersApi.useMemberTransfersQuery(scope));
/** One transfer with both signatures (the list leaves them out). */
export const useMemberTransfer = (id: string | null) =>
  queryState(officeTransfersApi.useMemberTransferQuery(id ?? skipToken), id === null);
export const useDecideMemberTransfer = () =>
  officeTransfersApi.useDecideMemberTransferMutation()[0];
export const useTransferSettings = () => queryState(officeTransfersApi.useTransferSettingsQuery());
export const useSaveTransferSettings = () =>
  officeTransfersApi.useSaveTransferSettingsMutation()[0];
