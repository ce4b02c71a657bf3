import { CAlert } from '@coreui/react';
import { normalizeRegistrationNumber } from '@registry/domain';
import type { Horse, HorseAncestor } from '../../lib/horse-types';
import { useRegisteredAncestors } from '../../lib/registered-ancestors';

const PLACES = [
  ['', ''],
  ['grand_sire', "'s grand sire"],
  ['grand_dam', "'s grand dam"],
  ['great_grand_sire', "'s great-grand sire"],
  ['great_grand_dam', "'s great-grand dam"],
] as const;

/** Every pedigree registration number of a horse, with where it stands (Sire, Dam's grand sire). */
export function pedigreeNumbers(horse: Horse): Array<{ place: string; reg: string }> {
  const found: Array<{ place: string; reg: string }> = [];
  for (const [parent, title] of [
    ['sire', 'Sire'],
    ['dam', 'Dam'],
  ] as const) {
    for (const [key, suffix] of PLACES) {
      const person: Partial<HorseAncestor> | undefined = key ? horse[parent]?.[key] : horse[parent];
      const reg = person?.reg?.trim();
      if (reg) found.push({ place: `${title}${suffix}`, reg });
    }
  }
  return found;
}

/**
 * For the reviewer (docs/decisions/0051-linked-pedigrees.md): pedigree registration numbers that
 * no approved horse of the register carries, which the owner may have mistyped.
 */
export function PedigreeCheck({ horse }: { horse: Horse }) {
  const numbers = pedigreeNumbers(horse);
  const { registered, loaded } = useRegisteredAncestors(numbers.map((n) => n.reg));
  if (!loaded) return null;
  const missing = numbers.filter((n) => !registered.has(normalizeRegistrationNumber(n.reg)));
  if (missing.length === 0) return null;
  return (
    <CAlert color="warning" role="note" aria-label="Pedigree check">
      <strong>Pedigree numbers not in the register</strong> (mistyped, another registry&apos;s, or a
      horse not yet approved):
      <ul className="mb-0 mt-1">
        {missing.map((n) => (
          <li key={`${n.place}-${n.reg}`}>
            {n.place}: {n.reg}
          </li>
        ))}
      </ul>
    </CAlert>
  );
}
