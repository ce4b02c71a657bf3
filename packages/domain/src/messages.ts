/** User-facing messages shared by the web app and the API (spec §5.2, §8). */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  passwordTooLong: 'Password is too long',
  /** One message for every wrong credential, so sign-in reveals nothing about accounts. */
  invalidCredentials: 'Invalid email or password',
  accountInactive: 'This account is inactive. Please contact the association office.',
  wrongPortalAdmin: 'This sign-in is for administrators. Members sign in at /login.',
  wrongPortalMember: 'This sign-in is for members. Administrators sign in at /admin/login.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  notAuthenticated: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do that.',
} as const;

export const GENERIC_MESSAGES = {
  notFound: 'Not found',
  validationFailed: 'Some fields are not valid',
  serverError: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'The registry database is unavailable. Please try again shortly.',
  tooManyRequests: 'Too many requests. Please slow down and try again.',
} as const;
