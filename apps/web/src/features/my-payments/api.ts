import type { MemberPayment } from '@registry/domain';
import { queryState, serverApi } from '../../stores/server-api';

const myPaymentsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    myPayments: build.query<MemberPayment[], void>({
      query: () => 'members/payments',
      providesTags: ['Payment'],
    }),
  }),
});

/** GET members/payments: every payment of the member, newest first (docs/api.md "My payments"). */
export function useMyPayments() {
  return queryState(myPaymentsApi.useMyPaymentsQuery());
}
