import type { MemberTransfer, TransferFeePayer } from '@registry/domain';
import { queryState, serverApi, type Answer } from '../../../stores/server-api';

/** The member's side of member transfers (docs/api.md "Member transfers"). */

export interface MyTransfers {
  transfers: MemberTransfer[];
  terms: { feeCents: number; payer: TransferFeePayer };
}

export interface StartTransferBody {
  horseId: string;
  buyer: string;
  saleDate: string;
  sellerSignature: string;
}

type Close = { id: string; how: 'decline' | 'cancel'; version: number; reason?: string };

const transfersApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    myTransfers: build.query<MyTransfers, void>({
      query: () => 'members/transfers',
      providesTags: ['Transfer'],
    }),
    startTransfer: build.mutation<Answer<MemberTransfer>, StartTransferBody>({
      query: (body) => ({ url: 'members/transfers', method: 'post', body }),
      invalidatesTags: ['Transfer', 'Horse'],
    }),
    acceptTransfer: build.mutation<
      Answer<MemberTransfer>,
      { id: string; version: number; buyerSignature: string }
    >({
      query: ({ id, ...body }) => ({
        url: `members/transfers/${encodeURIComponent(id)}/accept`,
        method: 'post',
        body,
      }),
      invalidatesTags: ['Transfer', 'Horse'],
    }),
    cancelFeePayment: build.mutation<Answer<unknown>, string>({
      query: (id) => ({
        url: `members/transfers/${encodeURIComponent(id)}/pay/cancel`,
        method: 'post',
      }),
      invalidatesTags: ['Transfer', 'Payment'],
    }),
    closeTransfer: build.mutation<Answer<MemberTransfer>, Close>({
      query: ({ id, how, version, reason }) => ({
        url: `members/transfers/${encodeURIComponent(id)}/${how}`,
        method: 'post',
        body: { version, ...(reason?.trim() ? { reason: reason.trim() } : {}) },
      }),
      invalidatesTags: ['Transfer', 'Horse'],
    }),
  }),
});

/** GET members/transfers: mine as seller or buyer, and what a new transfer costs. */
export const useMyTransfers = () => queryState(transfersApi.useMyTransfersQuery());
export const useStartTransfer = () => transfersApi.useStartTransferMutation()[0];
export const useAcceptTransfer = () => transfersApi.useAcceptTransferMutation()[0];
export const useCloseTransfer = () => transfersApi.useCloseTransferMutation()[0];
/** "Pay another way": cancels my fee payment waiting for 3-D Secure. */
export const useCancelFeePayment = () => transfersApi.useCancelFeePaymentMutation()[0];
