import { fileSlotAt } from '@registry/domain';

/**
 * The upload field (the request's part name, docs/api.md) of a form field holding files, or
 * undefined for a name that holds none, from the files' table (domain horse/file-slots.ts):
 * `otherRegistries.2.registryPaperwork` is `registryPaperwork2`, `sire.grand_dam.paperwork` is
 * `sireRegistrationPaperwork2`. The drawn signature is no upload.
 */
export function uploadFieldOf(name: string): string | undefined {
  const place = fileSlotAt(name);
  return place && !place.drawn ? place.part : undefined;
}
