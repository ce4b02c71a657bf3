import { z } from 'zod';
import { PARENT_SIDES } from './lineage-paths.js';

// The constants carry no zod: pages import them before their first paint
// (docs/decisions/0064-zod-off-the-first-paint.md).
export * from './lineage-paths.js';

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
