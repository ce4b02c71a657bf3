import {
  STORAGE_KEYS,
  type LoginResult,
  type MemberProfile,
  type SessionUser,
} from '@registry/domain';

export const adminUser: SessionUser = {
  id: 'a1',
  email: 'admin@example.org',
  role: 'admin',
  firstName: 'Ada',
  lastName: 'Admin',
  memberNumber: null,
  profilePicture: null,
  staffRole: 'administrator',
};

export const memberUser: SessionUser = {
  id: 'm1',
  email: 'owner@example.org',
  role: 'member',
  firstName: 'Olive',
  lastName: 'Owner',
  memberNumber: 'M-1001',
  profilePicture: '/uploads/avatars/m1.png',
  staffRole: null,
};

export const adminLoginResult: LoginResult = {
  token: 'admin-token',
  role: 'admin',
  user: adminUser,
};
export const memberLoginResult: LoginResult = {
  token: 'member-token',
  role: 'member',
  user: memberUser,
};

/**
 * The signed-in member's profile (GET members/:id) with a Lexington address; `overrides` gives
 * another name or member number.
 */
export function memberProfile(overrides: Partial<MemberProfile> = {}): MemberProfile {
  return {
    ...memberUser,
    address: '1 Barn Road',
    city: 'Lexington',
    state: 'Kentucky',
    zip: '40502',
    phone: '555-0100',
    ...overrides,
  };
}

/** Puts a session in localStorage the way a previous sign-in would have. */
export function storeSession(result: LoginResult): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, result.token);
  localStorage.setItem(STORAGE_KEYS.userRole, result.role);
  localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(result.user));
}
