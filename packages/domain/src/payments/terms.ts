/**
 * The registry's terms and conditions, shown in full where the member ticks the boxes that
 * accept them (issue 21 item 6). Versioned like the ACH mandate (mandate.ts), so a later
 * wording change is a new version rather than a silent edit of what members agreed to.
 */
export const TERMS_VERSION = 'terms-2026-11';

export function termsParagraphs(associationName: string): string[] {
  return [
    `Registration with ${associationName} records a horse in its register. The office reviews every registration and may approve it, ask for corrections or reject it; a registration number is assigned only on approval.`,
    'You confirm that the owner information, the pedigree, the documents and every other answer are true and correct, and that you may submit them for every owner named.',
    'Fees follow the published fee table: the registration fee, the verification fee when performance verification is chosen, and the DNA fee when prepaid. A payment is for this registration only. A payment taken for a registration that is rejected or withdrawn is refunded by the office on request.',
    'Changes to an approved record (other than an owner’s postal address) and transfers of ownership go through the office.',
    `The details you give are used by ${associationName} to keep the register and to contact you about it. The public verification page shows only what identifies the horse, never your contact details or payments.`,
  ];
}
