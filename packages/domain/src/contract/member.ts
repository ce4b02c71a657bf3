import { z } from 'zod';

/** A member as the office sees it (docs/api.md "Administration"). */
export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  memberNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  active: z.boolean(),
  /** False until the member has chosen a password (from a Send credentials link). */
  hasPassword: z.boolean(),
  horseCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** Who did something, in the office's answers. */
export const actorSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** One entry of a member's audit history (GET admin/members/:id/audit). */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  success: z.boolean(),
  actor: actorSchema.nullable(),
  subject: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
