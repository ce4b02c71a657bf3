import { useId } from 'react';
import { CCard, CCardBody, CFormSelect } from '@coreui/react';
import {
  OFFICE_NOTICE_CHOICES,
  OFFICE_NOTICE_LABELS,
  STAFF_ROLE_LABELS,
  officeNoticeKindsFor,
  type OfficeNoticeChoice,
  type StaffRole,
} from '@registry/domain';
import type { ApiError } from '../../lib/api-client';
import { serverApi, type Answer } from '../../stores/server-api';
import { useStaffRole } from '../../stores/use-staff-role';
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

/** "a, b and c" */
const listed = (items: string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** What the role hears of: the server sends each kind only to the roles whose work it is. */
function whatIsSent(role: StaffRole | null): string {
  const kinds = officeNoticeKindsFor(role);
  if (kinds.length === 0) {
    const who = role ? `Your role (${STAFF_ROLE_LABELS[role]})` : 'An account without a role';
    return `${who} receives no office notices: new work shows on the office pages.`;
  }
  return `How you hear of ${listed(kinds.map((kind) => OFFICE_NOTICE_LABELS[kind]))}.`;
}

/**
 * How the signed-in staff member hears of new work (docs/api.md "Office notices"), naming the
 * kinds their role receives; saved as soon as it is chosen.
 */
export function OfficeNoticesCard() {
  const id = useId();
  const role = useStaffRole();
  const toast = useToast();
  const { data } = noticesApi.useOfficeNoticesQuery();
  const [choose, { isLoading }] = noticesApi.useChooseOfficeNoticesMutation();
  return (
    <CCard className="mt-4">
      <CCardBody>
        <h2 className="h6" id={`${id}-title`}>
          Office notices
        </h2>
        <p className="small text-body-secondary mb-2" data-testid="office-notice-kinds">
          {whatIsSent(role)}
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
