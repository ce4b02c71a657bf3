import { PEDIGREE_SLOTS, type PedigreeParent, type PedigreeSlot } from './constants.js';

/**
 * Multipart part names of the registration request, shared so the web sends what the API reads.
 * Pedigree names follow spec §3.1 (`sireRegistrationPaperwork{n}`), n being the slot index.
 */
export const UPLOAD_FIELDS = {
  registrationDocument: 'registrationDocument',
  performanceDocument: 'performanceDocument',
  markingDocuments: 'markingDocuments',
} as const;

export function registryPaperworkField(index: number): string {
  return `registryPaperwork${index}`;
}

export function pedigreePaperworkField(parent: PedigreeParent, slot: PedigreeSlot): string {
  return `${parent}RegistrationPaperwork${PEDIGREE_SLOTS.indexOf(slot)}`;
}
