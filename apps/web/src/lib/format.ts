import type { StoredUser } from './session-storage';

/** The name shown for a user: full name when known, else the email, else a neutral word. */
export function displayName(user: StoredUser): string {
  const fullName = [user.firstName, user.lastName]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(' ');
  return fullName || user.email || 'Account';
}
