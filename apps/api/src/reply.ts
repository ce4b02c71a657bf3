import { z } from 'zod';

/** Response schemas for the `{ success, data }` / `{ success: false, error }` envelope. */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

export const failureSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  conflict: z
    .object({
      currentVersion: z.number(),
      changes: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })),
    })
    .optional(),
});

/** The usual answers of a route: its `data` in the envelope, or a 4xx failure. */
export function answersOf<T extends z.ZodType>(data: T) {
  return { 200: successSchema(data), '4xx': failureSchema };
}

export function ok<T>(data: T, message?: string) {
  return { success: true as const, data, ...(message ? { message } : {}) };
}
