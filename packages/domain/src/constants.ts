/**
 * Business constants of spec §9 and the client contract of spec §3.2.
 * Every other package reads these instead of repeating the numbers.
 */

export const ROLES = ['admin', 'member'] as const;
export type Role = (typeof ROLES)[number];
/** The stored role value that marks an administrator (spec §9). */
export const ADMIN_ROLE: Role = 'admin';
/** What an office account may do (admin/staff.ts explains each); members have none. */
export const STAFF_ROLES = ['administrator', 'registrar', 'treasurer', 'read-only'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Local storage keys of the client session (spec §3.2). */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  userRole: 'userRole',
  userData: 'userData',
} as const;

export const DEFAULT_ASSOCIATION_NAME = 'Gaited Horse Registry';
export const COPYRIGHT_YEAR = 2024;

/** Shell measurements (spec §2.2, §9). */
export const AVATAR_SIZE_PX = 42;
export const SIDEBAR_LOGO_HEIGHT_PX = 45;
export const TOAST_TITLE = 'Notification';
export const TOAST_AUTOHIDE_MS = 5000;

/** Fees in US dollars (spec §9); the server works in integer cents. */
export const FEES = {
  registration: 30,
  verification: 20,
  prepaidDna: 50,
} as const;

export const OTP_LENGTH = 6;
export const PAYMENT_POLL_INTERVAL_MS = 5000;
export const PAYMENT_POLL_TIMEOUT_MS = 300_000;

/** Passwords: long enough to resist guessing, short enough to stop hashing abuse. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
/**
 * The "simple address pattern" of spec §5.2: something@something.tld, no spaces. Kept here,
 * away from the zod schemas, so the sign-in page can check an address without loading zod.
 * The domain is written as dot-free labels joined by dots, so no character can be matched in
 * two ways: the test takes linear time on any input (the earlier `[^\s@]+\.[^\s@]+` backtracked
 * polynomially on "a@a.a.a.…@" and blocked the server for seconds;
 * docs/decisions/0047-hostile-input-refused-at-the-edge.md).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
