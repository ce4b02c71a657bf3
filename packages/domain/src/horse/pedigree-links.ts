import { z } from 'zod';

/** The contract of linked pedigrees; their messages and numbers are in pedigree-numbers.ts. */

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
