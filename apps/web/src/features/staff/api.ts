import type { StaffInvite, StaffMember, StaffRole } from '@registry/domain';
import { queryState, serverApi, type Answer } from '../../stores/server-api';

const staffApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    staffList: build.query<{ items: StaffMember[] }, void>({
      query: () => 'admin/staff',
      providesTags: ['Staff'],
    }),
    inviteStaff: build.mutation<Answer<StaffMember>, StaffInvite>({
      query: (body) => ({ url: 'admin/staff', method: 'post', body }),
      invalidatesTags: ['Staff'],
    }),
    resendInvitation: build.mutation<Answer<StaffMember>, string>({
      query: (id) => ({ url: `admin/staff/${id}/invite`, method: 'post', body: {} }),
      invalidatesTags: ['Staff'],
    }),
    changeStaffRole: build.mutation<Answer<StaffMember>, { id: string; staffRole: StaffRole }>({
      query: ({ id, staffRole }) => ({
        url: `admin/staff/${id}/role`,
        method: 'put',
        body: { staffRole },
      }),
      invalidatesTags: ['Staff'],
    }),
    /** The call is chosen by the wanted state. */
    setStaffActive: build.mutation<Answer<StaffMember>, { id: string; active: boolean }>({
      query: ({ id, active }) => ({
        url: `admin/staff/${id}/${active ? 'activate' : 'deactivate'}`,
        method: 'put',
        body: {},
      }),
      invalidatesTags: ['Staff'],
    }),
    removeStaff: build.mutation<Answer<{ id: string }>, string>({
      query: (id) => ({ url: `admin/staff/${id}`, method: 'delete' }),
      invalidatesTags: ['Staff'],
    }),
  }),
});

/** GET admin/staff: every office account not removed. */
export const useStaffList = () => queryState(staffApi.useStaffListQuery());
export const useInviteStaff = () => staffApi.useInviteStaffMutation()[0];
export const useResendInvitation = () => staffApi.useResendInvitationMutation()[0];
export const useChangeStaffRole = () => staffApi.useChangeStaffRoleMutation()[0];
export const useSetStaffActive = () => staffApi.useSetStaffActiveMutation()[0];
export const useRemoveStaff = () => staffApi.useRemoveStaffMutation()[0];
