import {
  PEDIGREE_PARENTS,
  UPLOAD_FIELDS,
  pedigreePaperworkField,
  registryPaperworkField,
  type PedigreeParent,
  type PedigreeSlot,
} from '@registry/domain';

/**
 * The upload field (the request's part name, docs/api.md) of a form field holding files, or
 * undefined for a name that holds none: `otherRegistries.2.registryPaperwork` is
 * `registryPaperwork2`, `sire.grand_dam.paperwork` is `sireRegistrationPaperwork2`.
 */
export function uploadFieldOf(name: string): string | undefined {
  if (name === UPLOAD_FIELDS.registrationDocument) return name;
  if (name === UPLOAD_FIELDS.performanceDocument) return name;
  if (name === UPLOAD_FIELDS.markingDocuments) return name;
  const registry = /^otherRegistries\.(\d+)\.registryPaperwork$/.exec(name);
  if (registry) return registryPaperworkField(Number(registry[1]));
  const pedigree = /^(\w+?)(?:\.(\w+))?\.paperwork$/.exec(name);
  const parent = pedigree?.[1] as PedigreeParent | undefined;
  if (!pedigree || !parent || !PEDIGREE_PARENTS.includes(parent)) return undefined;
  return pedigreePaperworkField(parent, (pedigree[2] ?? 'parent') as PedigreeSlot);
}
