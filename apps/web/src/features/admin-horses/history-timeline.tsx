import type { HistoryEntry, HistoryType } from '../../lib/admin-types';
import { changeFieldLabel, formatUsd } from '@registry/domain';
import { formatDate } from '../../lib/format';

const TITLES: Record<HistoryType, string> = {
  submitted: 'Submitted',
  edited: 'Edited',
  paid: 'Paid',
  payment: 'Payment attempt',
  approved: 'Approved',
  rejected: 'Rejected',
  transferred: 'Ownership transferred',
  resubmitted: 'Corrected and resubmitted',
  'change-requested': 'Change requested by the owner',
  'change-approved': 'Change approved',
  'change-rejected': 'Change rejected',
  other: 'Recorded',
};

/** Audit actions without a timeline type of their own, in words. */
const ACTION_TITLES: Record<string, string> = {
  'payment.created': 'Payment started',
  'payment.settled': 'Payment settled',
  'payment.failed': 'Payment failed',
  'payment.canceled': 'Payment canceled',
  'payment.offline': 'Payment recorded by the office',
  'horse.certificate': 'Certificate issued',
  'horse.change-withdraw': 'Change request withdrawn by the owner',
  'horse.parent-link': 'Registered parent linked',
  'horse.parent-unlink': 'Registered parent unlinked',
};

/** A linked parent as the parent-link entries keep it (`{ registrationNumber, name }` or null). */
function parentInWords(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '—';
  const { registrationNumber, name } = value as Record<string, unknown>;
  return [registrationNumber, name].filter((part) => typeof part === 'string' && part).join(' ');
}

const titleOf = (entry: HistoryEntry) =>
  entry.type === 'other' ? (ACTION_TITLES[entry.action] ?? entry.action) : TITLES[entry.type];

const when = (at: string) => formatDate(at, 'dateTime') ?? at;

/** Changed fields as "Sire: name Old -> New; Color Bay -> Black". */
function changesInWords(changes: unknown[]): string {
  const words = changes.flatMap((c) => {
    if (typeof c !== 'object' || c === null) return [];
    const { field, from, to } = c as Record<string, unknown>;
    if (typeof field !== 'string') return [];
    return [`${changeFieldLabel(field)}: ${String(from || '—')} → ${String(to || '—')}`];
  });
  return words.length > 0 ? words.join('; ') : 'no field values changed';
}

/** The details worth a line, in words; unknown keys are left out rather than dumped. */
function describe(entry: HistoryEntry): string | null {
  const d = entry.details ?? {};
  const parts: string[] = [];
  if (typeof d.amountCents === 'number' && Number.isSafeInteger(d.amountCents)) {
    parts.push(formatUsd(d.amountCents));
  }
  if (typeof d.method === 'string') parts.push(d.method);
  if (typeof d.status === 'string' && entry.type === 'payment') parts.push(d.status);
  if (typeof d.registrationNumber === 'string') parts.push(`number ${d.registrationNumber}`);
  if (typeof d.approvedName === 'string') parts.push(`as ${d.approvedName}`);
  if (d.overrideUnpaid === true) parts.push('approved although unpaid (override)');
  if (typeof d.reason === 'string') parts.push(`reason: ${d.reason}`);
  if (typeof d.note === 'string' && d.note) parts.push(`note: ${d.note}`);
  if (typeof d.previousReason === 'string' && d.previousReason) {
    parts.push(`rejected for: ${d.previousReason}`);
  }
  if (Array.isArray(d.changes)) parts.push(changesInWords(d.changes));
  if ((d.side === 'sire' || d.side === 'dam') && 'to' in d) {
    parts.push(`${d.side}: ${parentInWords(d.from)} → ${parentInWords(d.to)}`);
  }
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** A horse's history, oldest first, from the audit log and its payments. */
export function HistoryTimeline({ entries }: { entries: HistoryEntry[] }) {
  if (entries.length === 0) return <p className="text-body-secondary">No history recorded.</p>;
  return (
    <ol className="list-unstyled border-start ps-3 mb-0" aria-label="History">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="mb-3">
          <strong>{titleOf(entry)}</strong>{' '}
          <span className="small text-body-secondary">
            <time dateTime={entry.at}>{when(entry.at)}</time>
            {entry.by && ` · by ${entry.by.name}`}
          </span>
          {describe(entry) && <div className="small">{describe(entry)}</div>}
        </li>
      ))}
    </ol>
  );
}
