/** Anything with zod's safeParse; lib/ stays free of a direct zod dependency. */
export interface Checkable {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/** The first message a domain schema gives for a value, or undefined when it passes. */
export function firstIssue(schema: Checkable, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
