import { z } from 'zod';

/** One message of GET admin/mail/problems: failed or stuck (docs/operations.md "Mail"). */
export const problemMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  state: z.enum(['failed', 'stuck']),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  failedAt: z.string().nullable(),
});
export type ProblemMail = z.infer<typeof problemMailSchema>;
