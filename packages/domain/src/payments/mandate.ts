/**
 * The ACH debit authorisation the payer agrees to (issue 17). Versioned: the version and the
 * exact text shown are stored with each bank payment, so a later wording change never alters
 * what an earlier payer agreed to.
 */
export const ACH_MANDATE_VERSION = 'ach-2026-11';

export function achMandateText(associationName: string, amount: string): string {
  return (
    `I authorize ${associationName} to debit the bank account given above once, for ${amount}, ` +
    'on or after today. This is a one-time debit; no further debits will be made under this ' +
    `authorization. I may revoke it before the debit is made by contacting ${associationName}. ` +
    'I confirm I am an authorized signer on this account.'
  );
}
