import { REGISTER_RULE_MESSAGES, formatUsd } from '@registry/domain';
import { api } from '../../lib/api-client';
import type { HorseSummary } from '../../lib/horse-summaries';
import { horseDisplayName } from '../../lib/horse-types';
import { useApiQuery } from '../../lib/use-api-query';

interface PaidSummary {
  paidCents: number;
}

/**
 * What deleting a registration means. A paid one says what was paid and that refunds are the
 * office's (the office sees the deletion with the amount in its audit log).
 */
export function DeleteHorseNotice({ horse }: { horse: HorseSummary }) {
  const paid = horse.paymentStatus === 'paid';
  const summary = useApiQuery(`paid:${paid ? horse._id : ''}`, (signal) =>
    paid
      ? api
          .get<PaidSummary>(`members/horses/${horse._id}/paid`, undefined, { signal })
          .then((r) => r.data)
      : Promise.resolve<PaidSummary>({ paidCents: 0 }),
  );
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
