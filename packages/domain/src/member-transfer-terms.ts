/**
 * The words and statuses of member transfers (issue 31 item 1), without zod: the pages that list
 * transfers show these before any of their checks run (docs/decisions/0116-first-load-in-short-tasks.md).
 * The requests' schemas are in member-transfers.ts.
 */

/** Open: the horse has at most one transfer in one of these (a partial unique index). */
export const OPEN_TRANSFER_STATUSES = [
  'awaiting_buyer',
  'awaiting_payment',
  'awaiting_office',
] as const;
export const MEMBER_TRANSFER_STATUSES = [
  ...OPEN_TRANSFER_STATUSES,
  'approved',
  'rejected',
  'declined',
  'cancelled',
] as const;
export type MemberTransferStatus = (typeof MEMBER_TRANSFER_STATUSES)[number];

export const MEMBER_TRANSFER_STATUS_LABELS: Record<MemberTransferStatus, string> = {
  awaiting_buyer: 'Waiting for the buyer',
  awaiting_payment: 'Waiting for the transfer fee',
  awaiting_office: 'Waiting for the registry office',
  approved: 'Approved',
  rejected: 'Rejected by the office',
  declined: 'Declined by the buyer',
  cancelled: 'Cancelled',
};

export const TRANSFER_FEE_PAYERS = ['seller', 'buyer'] as const;
export type TransferFeePayer = (typeof TRANSFER_FEE_PAYERS)[number];

/** The largest transfer fee the office may set ($10,000): a typo guard, not a policy. */
export const TRANSFER_FEE_MAX_CENTS = 1_000_000;

export const MEMBER_TRANSFER_MESSAGES = {
  buyerRequired: "Enter the buyer's member number or email",
  buyerNotFound: 'No active member has this member number',
  buyerIsSeller: 'You cannot transfer a horse to yourself',
  buyerIsOffice: 'An office account cannot buy a horse; enter a member',
  saleDateRequired: 'Enter the sale date',
  saleDateFuture: 'The sale date cannot be in the future',
  sellerSignatureRequired: 'Sign to start the transfer',
  buyerSignatureRequired: 'Sign to accept the transfer',
  notApproved: 'Only an approved horse can be transferred',
  notOwner: 'Only the owner of record can transfer this horse',
  alreadyOpen:
    'This horse already has an open transfer. Cancel it, or wait for the office to decide, before starting another.',
  horseLocked:
    'This horse has an open transfer. It cannot be changed until the transfer is cancelled or decided.',
  notFound: 'Transfer not found',
  notOpen: (status: string) => `This transfer is ${status} and can no longer be changed.`,
  notYourStep: 'This step of the transfer is not yours',
  started: 'Transfer started: the buyer has been emailed',
  invited: 'Transfer started: the buyer has been invited by email to join the registry',
  accepted: 'Transfer accepted',
  declined: 'Transfer declined: the seller has been emailed',
  cancelled: 'Transfer cancelled',
  approved: 'Transfer approved: the horse now belongs to the buyer',
  rejected: 'Transfer rejected: the horse stays with the seller',
  reasonRequired: 'A reason is required to reject a transfer',
  changedSinceReviewed:
    'This transfer or its horse changed after you opened it. Review what changed and decide again.',
  notAwaitingOffice: 'This transfer is not waiting for the office',
  noFeeDue: 'No transfer fee is due from you',
  paymentUnderWay:
    'The transfer fee payment is still being processed. Wait until it has settled, then try again.',
  feeAlreadyPaid: 'The transfer fee is already paid',
  feePaid: 'Transfer fee paid',
  settingsSaved: 'Transfer settings saved',
} as const;
