import { REGISTER_RULE_MESSAGES, formatUsd } from '@registry/domain';
import type { HorseSummary } from '../../lib/horse-summaries';
import { horseDisplayName } from '../../lib/horse-types';
import { usePaidSummary } from './api/use-horses';

/**
 * What deleting a registration means. A paid one says what was paid and that refunds are the
 * office's (the office sees the deletion with the amount in its audit log).
 */
export function DeleteHorseNotice({ horse }: { horse: HorseSummary }) {
  const paid = horse.paymentStatus === 'paid';
  const summary = usePaidSummary(paid ? horse._id : null);
  const cents = summary.data?.paidCents ?? 0;
  return (
    <>
      <p className={paid ? 'mb-2' : 'mb-0'}>
        Delete {horseDisplayName(horse)}? This cannot be undone.
      </p>
      {paid && (
        <p className="mb-0 text-danger-emphasis" role="alert">
          {REGISTER_RULE_MESSAGES.paidDeleteWarning(cents > 0 ? formatUsd(cents) : 'in full')}
        </p>
      )}
    </>
  );
}
