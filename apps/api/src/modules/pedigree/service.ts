import { and, eq, inArray } from 'drizzle-orm';
import { normalizeRegistrationNumber, type PedigreeFill } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import type { StoredAncestor, StoredParent } from '../../db/horse-details.js';
import { horses } from '../../db/schema.js';

type AncestorFill = PedigreeFill['grand_sire'];

// The register writes numbers upper case without spaces, so " ghr-2026-00001 " finds
// GHR-2026-00001 through the unique index.

const approvedWith = (numbers: string[]) =>
  and(inArray(horses.registrationNumber, numbers), eq(horses.approvalStatus, 'approved'));

/** Which of these numbers belong to approved horses, with their names. */
export async function registeredNumbers(
  db: Executor,
  numbers: readonly string[],
): Promise<Array<{ registrationNumber: string; name: string; horseId: string }>> {
  const wanted = [...new Set(numbers.map(normalizeRegistrationNumber).filter(Boolean))];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({
      horseId: horses.id,
      registrationNumber: horses.registrationNumber,
      name: horses.approvedName,
    })
    .from(horses)
    .where(approvedWith(wanted));
  return rows.map((row) => ({
    horseId: row.horseId,
    registrationNumber: row.registrationNumber ?? '',
    name: row.name ?? '',
  }));
}

const ancestor = (stored: Partial<StoredAncestor> | undefined, name?: string): AncestorFill => ({
  name: stored?.name || name || '',
  reg: stored?.reg ?? '',
  otherRegName: stored?.otherRegName ?? '',
  otherRegNum: stored?.otherRegNum ?? '',
});

/**
 * The line a registered parent brings (docs/decisions/0051-linked-pedigrees.md): its sire and dam
 * become the grand sire and grand dam, the sire's sire the great-grand sire (beside the grand
 * sire in the chart) and the dam's dam the great-grand dam (beside the grand dam).
 */
export async function pedigreeFill(db: Executor, number: string): Promise<PedigreeFill | null> {
  const wanted = normalizeRegistrationNumber(number);
  if (!wanted) return null;
  const [row] = await db
    .select({
      horseId: horses.id,
      registrationNumber: horses.registrationNumber,
      name: horses.approvedName,
      sireName: horses.sireName,
      damName: horses.damName,
      details: horses.details,
    })
    .from(horses)
    .where(approvedWith([wanted]));
  if (!row) return null;
  const sire: Partial<StoredParent> = row.details.sire ?? {};
  const dam: Partial<StoredParent> = row.details.dam ?? {};
  return {
    horseId: row.horseId,
    registrationNumber: row.registrationNumber ?? wanted,
    name: row.name ?? '',
    grand_sire: ancestor(sire, row.sireName),
    grand_dam: ancestor(dam, row.damName),
    great_grand_sire: ancestor(sire.grand_sire),
    great_grand_dam: ancestor(dam.grand_dam),
  };
}
