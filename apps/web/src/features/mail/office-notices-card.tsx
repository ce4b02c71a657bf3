import { useId } from 'react';
import { CCard, CCardBody, CFormSelect } from '@coreui/react';
import { OFFICE_NOTICE_CHOICES, type OfficeNoticeChoice } from '@registry/domain';
import type { ApiError } from '../../lib/api-client';
import { serverApi, type Answer } from '../../stores/server-api';
import { useToast } from '../../stores/use-toast';

const noticesApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    officeNotices: build.query<{ officeNotices: OfficeNoticeChoice }, void>({
      query: () => 'admin/office-notices',
      providesTags: ['Profile'],
    }),
    chooseOfficeNotices: build.mutation<
      Answer<{ officeNotices: OfficeNoticeChoice }>,
      OfficeNoticeChoice
    >({
      query: (officeNotices) => ({
        url: 'admin/office-notices',
        method: 'put',
        body: { officeNotices },
      }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

const LABELS: Record<OfficeNoticeChoice, string> = {
  immediate: 'A mail for each new item, at once',
  digest: 'One digest a day',
  off: 'No mail (I check the queue myself)',
};

/**
 * How the signed-in staff member hears of new registrations, resubmissions, change requests
 * and failed payments (docs/api.md "Office notices"); saved as soon as it is chosen.
 */
export function OfficeNoticesCard() {
  const id = useId();
  const toast = useToast();
  const { data } = noticesApi.useOfficeNoticesQuery();
  const [choose, { isLoading }] = noticesApi.useChooseOfficeNoticesMutation();
  return (
    <CCard className="mt-4">
      <CCardBody>
        <h2 className="h6" id={`${id}-title`}>
          Office notices
        </h2>
        <p className="small text-body-secondary mb-2">
          How you hear of new registrations, resubmissions, change requests and failed payments.
        </p>
        <CFormSelect
          id={id}
          aria-labelledby={`${id}-title`}
          className="w-auto"
          value={data?.officeNotices ?? 'immediate'}
          disabled={!data || isLoading}
          onChange={(event) => {
            void choose(event.target.value as OfficeNoticeChoice)
              .unwrap()
              .then(
                (answer) => toast.success(answer.message ?? 'Office notices saved'),
                (caught: ApiError) => toast.danger(caught.error),
              );
          }}
        >
          {OFFICE_NOTICE_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {LABELS[choice]}
            </option>
          ))}
        </CFormSelect>
      </CCardBody>
    </CCard>
  );
}
