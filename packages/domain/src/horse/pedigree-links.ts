import { z } from 'zod';

/**
 * Linked pedigrees (docs/decisions.md "Linked pedigrees"): a sire or dam given by a number of
 * this register brings its own line; numbers not in the register are shown to the reviewer.
 */
export const PEDIGREE_MESSAGES = {
  notRegistered: 'No approved horse in the register has this registration number',
  linked: (number: string, name: string) =>
    `Linked to ${name || 'the registered horse'} (${number})`,
  notFoundHint:
    'Not in the register. You can keep it; the registry office checks it before approval.',
} as const;

const ancestorFillSchema = z.object({
  name: z.string(),
  reg: z.string(),
  otherRegName: z.string(),
  otherRegNum: z.string(),
});

/** `GET pedigree/:registrationNumber`. */
export const pedigreeFillSchema = z.object({
  horseId: z.string(),
  registrationNumber: z.string(),
  name: z.string(),
  grand_sire: ancestorFillSchema,
  grand_dam: ancestorFillSchema,
  great_grand_sire: ancestorFillSchema,
  great_grand_dam: ancestorFillSchema,
});
export type PedigreeFill = z.infer<typeof pedigreeFillSchema>;

/** One item of `GET pedigree/registered`. */
export const registeredAncestorSchema = z.object({
  horseId: z.string(),
  registrationNumber: z.string(),
  name: z.string(),
});
export type RegisteredAncestor = z.infer<typeof registeredAncestorSchema>;

/** How numbers are compared: the register writes them upper case without spaces. */
export function normalizeRegistrationNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}
