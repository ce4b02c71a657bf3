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

export function getProfile(id: string, signal?: AbortSignal) {
  return api.get<MemberProfile>(`members/${encodeURIComponent(id)}`, undefined, { signal });
}

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
  return { id, email, role, firstName, lastName, memberNumber, profilePicture };
}

/** Change password by emailed code: the forgot-password calls, for the member's own address. */
export function sendPasswordCode(email: string) {
  return api.post<null>('members/sendotp-password', { email });
}

export function setPasswordWithCode(input: ResetPasswordInput) {
  return api.put<null>('members/change-password', input);
}
