/**
 * The auth module's public face: what other API modules may use of it (the lint allows
 * nothing else across modules; docs/decisions/0113-api-module-faces.md). Files inside the module
 * import each other directly, never this file.
 */
export { requireAuth } from './access.js';
export {
  LOGIN_ACTION,
  THROTTLED_REASON,
  reserveAttempt,
  reserveLoginAttempt,
  type Channel,
  type ClientAddress,
  type ThrottlePolicy,
} from './attempts.js';
export { assertPasswordAllowed } from './password-policy.js';
export { generatePassword, hashPassword, verifyPassword } from './passwords.js';
export {
  endAllSessions,
  findUser,
  revokeSessions,
  setPassword,
  startSession,
  toSessionUser,
  type AuthContext,
  type AuthSettings,
  type ClientInfo,
  type PictureUrl,
} from './service.js';
