import { z } from 'zod';

/*
 * Offspring lists and five-generation pedigrees (docs/decisions/0104-offspring-and-pedigrees.md).
 * An ancestor's place is its path from the horse: `s` the sire, `d` the dam, `sd` the sire's
 * dam, ... up to five letters, so 2 + 4 + 8 + 16 + 32 = 62 places at most.
 */

/** How many generations of ancestors the pedigree chart shows. */
export const PEDIGREE_GENERATIONS = 5;

/** The places of one generation (1: s, d; 2: ss, sd, ds, dd; ...), sire's side first. */
export function pedigreePaths(generation: number): string[] {
  let paths = [''];
  for (let i = 0; i < generation; i++) paths = paths.flatMap((p) => [`${p}s`, `${p}d`]);
  return paths;
}

export const LINEAGE_MESSAGES = {
  horseNotFound: 'No approved horse in the register has this registration number',
  parentNotRegistered: 'No approved horse in the register has this registration number',
  sireSex: 'A sire must be recorded as a stallion or a gelding',
  damSex: 'A dam must be recorded as a mare',
  self: 'A horse cannot be its own parent',
  cycle: 'This horse is an ancestor of the chosen parent: linking it would make a loop',
  parentNotApproved: 'Only an approved horse can have its sire or dam linked',
  linked: 'The parent is linked',
  unlinked: 'The link is removed',
} as const;

/** Which sexes may be recorded for a sire or a dam (a gelding may have sired before gelding). */
export const PARENT_SEXES = {
  sire: ['Stallion', 'Gelding'],
  dam: ['Mare'],
} as const satisfies Record<'sire' | 'dam', readonly string[]>;

export const PARENT_SIDES = ['sire', 'dam'] as const;
export type ParentSide = (typeof PARENT_SIDES)[number];

/** A registered horse as a pedigree or offspring list names it. */
export const registeredHorseRefSchema = z.object({
  horseId: z.string(),
  registrationNumber: z.string(),
  name: z.string(),
});
export type RegisteredHorseRef = z.infer<typeof registeredHorseRefSchema>;

/** One place of the chart: as typed on a form, or an approved horse of the register (`horse`). */
export const lineageAncestorSchema = z.object({
  path: z.string().regex(/^[sd]{1,5}$/),
  name: z.string(),
  /** The registration number as typed (the register's own number when `horse` is set). */
  reg: z.string(),
  horse: registeredHorseRefSchema.nullable(),
});
export type LineageAncestor = z.infer<typeof lineageAncestorSchema>;

/** `GET public/horses/:registrationNumber/pedigree`. */
export const fiveGenerationPedigreeSchema = z.object({
  horse: registeredHorseRefSchema,
  /** The places the register knows, in path order; places it does not know are left out. */
  ancestors: z.array(lineageAncestorSchema),
  /** The sire and dam linked to their records (by a breeding report or the office). */
  links: z.object({
    sire: registeredHorseRefSchema.nullable(),
    dam: registeredHorseRefSchema.nullable(),
  }),
});
export type FiveGenerationPedigree = z.infer<typeof fiveGenerationPedigreeSchema>;

/** One foal of `GET public/horses/:registrationNumber/offspring`. */
export const offspringSchema = z.object({
  horseId: z.string(),
  registrationNumber: z.string(),
  name: z.string(),
  sex: z.string(),
  foalDate: z.string(),
  /** The foal's other parent: its record when linked and approved, else the typed name. */
  otherParent: z.object({
    side: z.enum(PARENT_SIDES),
    name: z.string(),
    registrationNumber: z.string().nullable(),
  }),
});
export type Offspring = z.infer<typeof offspringSchema>;

export const offspringPageSchema = z.object({
  items: z.array(offspringSchema),
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type OffspringPage = z.infer<typeof offspringPageSchema>;

export const OFFSPRING_PAGE_SIZE = 10;

export const offspringQuerySchema = z.object({
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(OFFSPRING_PAGE_SIZE),
});

/** `PUT admin/horses/:id/parents/:side`: link (a number) or unlink (null) the registered parent. */
export const parentLinkBodySchema = z.object({
  registrationNumber: z.string().trim().max(40).nullable(),
  /** The horse's version the office looked at (docs/api.md "Approvals"). */
  version: z.number().int().min(1).optional(),
});
export type ParentLinkBody = z.infer<typeof parentLinkBodySchema>;

/** The answer of `PUT admin/horses/:id/parents/:side`: the horse's new version and the link. */
export const parentLinkResultSchema = z.object({
  version: z.number().int(),
  side: z.enum(PARENT_SIDES),
  parent: registeredHorseRefSchema.nullable(),
});
export type ParentLinkResult = z.infer<typeof parentLinkResultSchema>;

/** `GET admin/horses/:id/parents`: the linked sire and dam of a horse of any status. */
export const parentLinksSchema = z.object({
  version: z.number().int(),
  sire: registeredHorseRefSchema.nullable(),
  dam: registeredHorseRefSchema.nullable(),
});
export type ParentLinks = z.infer<typeof parentLinksSchema>;
