import type { Db } from '../db/client.js';
import type { HorseRow } from '../db/schema.js';
import type { StoredParent } from '../db/horse-details.js';
import { cloneHorses } from './admin-fixtures.js';

/** Fixtures of the offspring and pedigree suites: approved horses with parents set directly. */

export const typedAncestor = (name: string, reg = '') => ({
  name,
  reg,
  otherRegName: '',
  otherRegNum: '',
});

/** A typed pedigree side: the parent and, when given, its grand and great-grand places. */
export function typedParent(
  name: string,
  reg = '',
  more: Partial<
    Record<'grand_sire' | 'grand_dam' | 'great_grand_sire' | 'great_grand_dam', string>
  > = {},
): StoredParent {
  const empty = typedAncestor('');
  return {
    ...typedAncestor(name, reg),
    grand_sire: more.grand_sire ? typedAncestor(more.grand_sire) : empty,
    grand_dam: more.grand_dam ? typedAncestor(more.grand_dam) : empty,
    great_grand_sire: more.great_grand_sire ? typedAncestor(more.great_grand_sire) : empty,
    great_grand_dam: more.great_grand_dam ? typedAncestor(more.great_grand_dam) : empty,
  } as StoredParent;
}

export interface HorseSpec {
  name: string;
  number: string;
  sex?: 'Stallion' | 'Gelding' | 'Mare';
  status?: 'approved' | 'pending' | 'rejected';
  foalDate?: string;
  sire?: StoredParent;
  dam?: StoredParent;
  sireHorseId?: string | null;
  damHorseId?: string | null;
  ownerId?: string;
  bredBy?: string;
  owners?: string[];
}

/** One horse like `template` with its own name, number, sex, parents and status. */
export async function horseLike(db: Db, template: HorseRow, spec: HorseSpec): Promise<HorseRow> {
  const details = structuredClone(template.details);
  details.sire = spec.sire ?? typedParent('');
  details.dam = spec.dam ?? typedParent('');
  if (spec.bredBy !== undefined) details.bredBy = spec.bredBy;
  if (spec.owners) {
    const first = template.details.owners[0]!;
    details.owners = spec.owners.map((name) => ({ ...first, name }));
  }
  const status = spec.status ?? 'approved';
  const [row] = await cloneHorses(db, template, 1, {
    approvalStatus: status,
    approvedName: status === 'approved' ? spec.name : null,
    firstChoice: spec.name,
    registrationNumber: spec.number,
    sex: spec.sex ?? 'Stallion',
    foalDate: spec.foalDate ?? '2015-04-01',
    sireName: details.sire.name,
    damName: details.dam.name,
    sireHorseId: spec.sireHorseId ?? null,
    damHorseId: spec.damHorseId ?? null,
    ...(spec.ownerId ? { ownerId: spec.ownerId } : {}),
    details,
  });
  return row!;
}
