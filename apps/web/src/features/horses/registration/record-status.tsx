import { formatUsd } from '@registry/domain';
import { formatDaySlashed } from '../../../lib/format';
import { horseDisplayName, type Horse } from '../../../lib/horse-types';
import { HorseLineage } from '../../../components/horse-lineage';
import { usePaidSummary, type PaidSummary } from '../api/use-horses';
import { ApprovalBadge, PaymentBadge } from '../status-badges';

/** The server's payment kinds (payments.method) as the member reads them. */
const METHODS: Record<string, string> = {
  card: 'card',
  bank: 'bank debit',
  check: 'check',
  cash: 'cash',
  other: 'other means',
};

function paidText(summary: PaidSummary | undefined, loading: boolean, status: string): string {
  if (loading && !summary) return 'Loading…';
  // Anything but the paid summary (an old server, a proxy page) reads as nothing known.
  if (!summary || typeof summary.paidCents !== 'number' || summary.paidCents === 0) {
    // Marked paid by the office (or older data) with no settled payment on file.
    return status === 'paid' ? 'Paid (amount not on file)' : 'Nothing yet';
  }
  const payments = Array.isArray(summary.payments) ? summary.payments : [];
  const how = [...new Set(payments.map((p) => METHODS[p.method] ?? p.method))];
  const last = payments.at(-1)?.at;
  const when = last ? ` on ${formatDaySlashed(last)}` : '';
  return `${formatUsd(summary.paidCents)}${how.length ? ` by ${how.join(' and ')}` : ''}${when}`;
}

/**
 * The head of the member's View (issue 21 item 6): where the registration stands, its number
 * once approved and what was paid for it (GET members/horses/:id/paid); once approved, its
 * five-generation pedigree and registered offspring (issue 31 §4). The rejection reason
 * follows in the RecordNotice below it.
 */
export function RecordStatus({ horse }: { horse: Horse }) {
  // A payment or a save marks it stale (tags), so it follows the record's payment status.
  const paid = usePaidSummary(horse._id);
  return (
    <section aria-label="Registration status" className="mb-3">
      <dl className="row g-2 mb-0">
        <div className="col-6 col-md-3">
          <dt className="small text-body-secondary fw-normal">Status</dt>
          <dd className="mb-0">
            <ApprovalBadge status={horse.approvalStatus} />
          </dd>
        </div>
        <div className="col-6 col-md-3">
          <dt className="small text-body-secondary fw-normal">Registration number</dt>
          <dd className="mb-0">{horse.registrationNum ?? '—'}</dd>
        </div>
        <div className="col-6 col-md-3">
          <dt className="small text-body-secondary fw-normal">Payment</dt>
          <dd className="mb-0">
            <PaymentBadge status={horse.paymentStatus} />
          </dd>
        </div>
        <div className="col-6 col-md-3">
          <dt className="small text-body-secondary fw-normal">Amount paid</dt>
          <dd className="mb-0">
            {paid.error ? '—' : paidText(paid.data, paid.loading, horse.paymentStatus)}
          </dd>
        </div>
      </dl>
      {horse.approvalStatus === 'approved' && horse.registrationNum && (
        // In the register: its pedigree to five generations and its registered offspring.
        <div className="mt-3">
          <HorseLineage
            registrationNumber={horse.registrationNum}
            name={horseDisplayName(horse)}
            newTab
          />
        </div>
      )}
    </section>
  );
}
