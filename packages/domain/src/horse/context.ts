export const HORSE_FORM_MODES = ['register', 'edit', 'view'] as const;
export type HorseFormMode = (typeof HORSE_FORM_MODES)[number];

/**
 * Files an edited horse already has on record, by their path: a stored file need not be
 * uploaded again. Which files may be kept so is a property of their place in the files' table
 * (file-slots.ts `requiredUnlessStored`; `storedRequiredFiles` builds this).
 */
export type ExistingHorseFiles = Readonly<Partial<Record<string, boolean>>>;

export type HorseSchemaOptions = {
  /**
   * The day foal dates are compared with; defaults to the moment of each parse. A function is
   * asked at each parse, so one schema built at start-up stays right across midnight (the API
   * builds its registration rules once: building them compiles zod's parsers anew each time).
   */
  today?: Date | (() => Date);
  hasExistingFiles?: ExistingHorseFiles;
  /**
   * The payment provider collects the bank account itself (Stripe's Payment Element with
   * Financial Connections), so the form has no routing or account number to require.
   */
  bankAccountByProvider?: boolean;
};

/** What each section needs to know to build its rules. */
export type SectionContext = {
  mode: HorseFormMode;
  today: () => Date;
  existingFiles: ExistingHorseFiles;
  bankAccountByProvider: boolean;
};

export function sectionContext(
  mode: HorseFormMode,
  options: HorseSchemaOptions = {},
): SectionContext {
  const { today } = options;
  return {
    mode,
    today: typeof today === 'function' ? today : today ? () => today : () => new Date(),
    existingFiles: options.hasExistingFiles ?? {},
    bankAccountByProvider: options.bankAccountByProvider === true,
  };
}

/**
 * Registration always needs the file at `path` (a required place of the files' table); edit and
 * view need it only when none is stored there.
 */
export function fileRequired(ctx: SectionContext, path: string): boolean {
  return ctx.mode === 'register' || ctx.existingFiles[path] !== true;
}

/** Where cross-field checks report; the zod refinement context satisfies it. */
export type IssueSink = {
  addIssue(issue: { code: 'custom'; message: string; path: PropertyKey[] }): void;
};
