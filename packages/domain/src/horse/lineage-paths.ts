/*
 * Lineage constants, with no zod (the office's Horse List imports them before its first paint;
 * the schemas stay in lineage.ts). Offspring lists and five-generation pedigrees (docs/decisions/0104-offspring-and-pedigrees.md).
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
