/**
 * Linked pedigrees (docs/decisions/0051-linked-pedigrees.md): a sire or dam given by a number of
 * this register brings its own line; numbers not in the register are shown to the reviewer.
 */
export const PEDIGREE_MESSAGES = {
  notRegistered: 'No approved horse in the register has this registration number',
  linked: (number: string, name: string) =>
    `Linked to ${name || 'the registered horse'} (${number})`,
  notFoundHint:
    'Not in the register. You can keep it; the registry office checks it before approval.',
} as const;

/** How numbers are compared: the register writes them upper case without spaces. */
export function normalizeRegistrationNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}
