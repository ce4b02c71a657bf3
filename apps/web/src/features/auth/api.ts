import type { LoginInput, LoginResult } from '@registry/domain';
import { api } from '../../lib/api-client';

// A 401 from these means wrong credentials, so it must not run the session-expired logout.
const signInConfig = { skipUnauthorizedHandler: true } as const;

export function signInAdmin(credentials: LoginInput) {
  return api.post<LoginResult>('auth/admin-login', credentials, signInConfig);
}

export function signInMember(credentials: LoginInput) {
  return api.post<LoginResult>('auth/login', credentials, signInConfig);
}
