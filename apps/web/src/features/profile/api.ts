import type {
  ChangeMemberPasswordInput,
  EmailChangeVerifyInput,
  MemberProfile,
  ProfileUpdate,
  ResetPasswordInput,
  SessionUser,
} from '@registry/domain';
import { PROFILE_PICTURE } from '@registry/domain';
import { api } from '../../lib/api-client';
import { useAppDispatch } from '../../stores/hooks';
import { queryState, serverApi } from '../../stores/server-api';

const profileApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<MemberProfile, string>({
      query: (id) => `members/${encodeURIComponent(id)}`,
      providesTags: ['Profile'],
    }),
  }),
});

/** GET members/:id: the member's own profile. */
export function useProfile(id: string) {
  return queryState(profileApi.useProfileQuery(id));
}

/**
 * A saved edit (details, picture, email) replaces the cached profile: every answer of these
 * calls is the whole profile, so no second request is needed.
 */
export function useProfileSaved(id: string): (profile: MemberProfile) => void {
  // The store's state type leaves out the cache, which joins later (stores/create-store.ts), so
  // the cache's own thunk is not typed as dispatchable; the store runs it like any thunk.
  const dispatch = useAppDispatch() as unknown as (action: CacheUpdate) => unknown;
  return (profile) => void dispatch(profileApi.util.updateQueryData('profile', id, () => profile));
}

type CacheUpdate = ReturnType<typeof profileApi.util.updateQueryData>;

export function updateProfile(input: ProfileUpdate) {
  return api.put<MemberProfile>('members/profile', input);
}

/** Multipart upload; `onProgress` gets 0-100 as the bytes leave the browser. */
export function uploadProfilePicture(file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append(PROFILE_PICTURE.field, file);
  return api.put<MemberProfile>('members/profile/picture', form, {
    onUploadProgress: (event) => {
      if (event.total) onProgress((event.loaded / event.total) * 100);
    },
  });
}

export function removeProfilePicture() {
  return api.del<MemberProfile>('members/profile/picture');
}

export function changeMemberPassword(input: ChangeMemberPasswordInput) {
  return api.put<null>('members/change-memberPassword', input);
}

/** The member's change-email calls, handed to the shared dialog. */
export function sendMemberEmailCode(email: string) {
  return api.post<null>('members/sendotp-email', { email });
}

export function verifyMemberEmailCode(input: EmailChangeVerifyInput) {
  return api.post<{ user: SessionUser }>('members/verifyOtp-updateEmail', input);
}

/** The session's copy of the user: what the header and menus show. */
export function toSessionUser(profile: MemberProfile): SessionUser {
  const { id, email, role, firstName, lastName, memberNumber, profilePicture } = profile;
  // The profile page is the members' own: a member has no staff role.
  return { id, email, role, firstName, lastName, memberNumber, profilePicture, staffRole: null };
}

/** Change password by emailed code: the forgot-password calls, for the member's own address. */
export function sendPasswordCode(email: string) {
  return api.post<null>('members/sendotp-password', { email });
}

export function setPasswordWithCode(input: ResetPasswordInput) {
  return api.put<null>('members/change-password', input);
}
