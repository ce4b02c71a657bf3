import { z } from 'zod';
import { emailField } from '../auth.js';
import { ADMIN_MESSAGES } from './messages.js';
import { STAFF_ROLES } from './staff-roles.js';

// The roles, areas and messages carry no zod: the web's entry chunk imports them (the office
// menu and page guards) and must not pull zod in with them (docs/decisions/0064-zod-off-the-first-paint.md).
export * from './staff-roles.js';

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Choose a role' });

const nameField = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(100, ADMIN_MESSAGES.tooLong(100));

/** Body of `POST /api/admin/staff` (invite). */
export const staffInviteSchema = z.object({
  email: emailField,
  firstName: nameField(ADMIN_MESSAGES.firstNameRequired),
  lastName: nameField(ADMIN_MESSAGES.lastNameRequired),
  staffRole: staffRoleSchema,
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** Body of `PUT /api/admin/staff/:id/role`. */
export const staffRoleChangeSchema = z.object({ staffRole: staffRoleSchema });

/** invited: no password chosen yet; active; deactivated (cannot sign in, shown in the list). */
export const STAFF_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string(),
  staffRole: staffRoleSchema.nullable(),
  status: z.enum(STAFF_STATUSES),
  active: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
