/**
 * Stripe's dispute statuses in three phases (docs/api.md "Payments: undoing"). An inquiry
 * (`warning_*`) and a chargeback both hold the payment as disputed while open; an inquiry that
 * closes (`warning_closed`), a prevented dispute and a won one leave the money with the
 * association; only `lost` takes it. A lost chargeback can be appealed (`appeal_*`), which opens
 * it again.
 */
export const DISPUTE_OPEN_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'needs_response',
  'under_review',
  'appeal_needs_response',
  'appeal_under_review',
] as const;
export const DISPUTE_KEPT_STATUSES = ['won', 'warning_closed', 'prevented'] as const;
export const DISPUTE_LOST_STATUSES = ['lost'] as const;

export type DisputeOutcome = 'open' | 'kept' | 'lost';

/** The phase of a dispute status; null for a status Stripe may add that we do not know. */
export function disputeOutcome(status: string): DisputeOutcome | null {
  if ((DISPUTE_OPEN_STATUSES as readonly string[]).includes(status)) return 'open';
  if ((DISPUTE_KEPT_STATUSES as readonly string[]).includes(status)) return 'kept';
  if ((DISPUTE_LOST_STATUSES as readonly string[]).includes(status)) return 'lost';
  return null;
}
