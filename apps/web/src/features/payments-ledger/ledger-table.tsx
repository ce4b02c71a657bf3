import { CTableDataCell } from '@coreui/react';
import { formatUsd, reversalFor, type LedgerEntry } from '@registry/domain';
import { CardList, ClippedText, TableCard } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import { REVERSAL_LABELS, RecordStatusBadge, formatWhen, horseLabel, methodLabel } from './labels';

interface LedgerViewProps {
  entries: LedgerEntry[];
  busy: boolean;
  label: string;
  onReverse: (entry: LedgerEntry) => void;
}

const keyOf = (entry: LedgerEntry) => entry.id;

function Actions({
  entry,
  onReverse,
}: {
  entry: LedgerEntry;
  onReverse: LedgerViewProps['onReverse'];
}) {
  const reversal = reversalFor(entry);
  if (!reversal) return null;
  return (
    <RowActions
      subject={`${formatUsd(entry.amountCents)} for ${horseLabel(entry)}`}
      primary={[
        {
          label: REVERSAL_LABELS[reversal],
          color: reversal === 'canceled' ? 'secondary' : 'danger',
          onClick: () => onReverse(entry),
        },
      ]}
      more={[]}
    />
  );
}

/** Who paid, and who recorded it when the office did. */
function Payer({ entry }: { entry: LedgerEntry }) {
  return (
    <>
      {entry.payer ? (
        <>
          <ClippedText text={entry.payer.name || entry.payer.email} width="14rem" />
          <div className="small text-body-secondary">
            {[entry.payer.memberNumber, entry.payer.email].filter(Boolean).join(' · ')}
          </div>
        </>
      ) : (
        <span className="text-body-secondary">Account deleted</span>
      )}
      {entry.recordedBy && (
        <div className="small text-body-secondary">
          by {entry.recordedBy.name || entry.recordedBy.email} (office)
        </div>
      )}
    </>
  );
}

function Details({ entry }: { entry: LedgerEntry }) {
  const lines = entry.lines.map((line) => `${line.label} ${formatUsd(line.cents)}`).join(', ');
  return (
    <div className="small">
      {lines && <div>{lines}</div>}
      {entry.reference && <div>Ref. {entry.reference}</div>}
      {entry.providerPaymentId && (
        <div className="text-body-secondary">
          <ClippedText text={entry.providerPaymentId} width="12rem" />
        </div>
      )}
      {entry.failureMessage && <div className="text-danger">{entry.failureMessage}</div>}
      {entry.reversalReason && <div>Reason: {entry.reversalReason}</div>}
    </div>
  );
}

function Horse({ entry }: { entry: LedgerEntry }) {
  return (
    <>
      <ClippedText text={horseLabel(entry)} width="16rem" />
      {entry.horse.registrationNumber && (
        <div className="small text-body-secondary">{entry.horse.registrationNumber}</div>
      )}
    </>
  );
}

/** The ledger as a table (tablets and wider). */
export function LedgerTable({ entries, busy, label, onReverse }: LedgerViewProps) {
  return (
    <TableCard
      label={label}
      busy={busy}
      columns={['Date', 'Horse', 'Payer', 'Method', 'Amount', 'Status', 'Details']}
      actions
      items={entries}
      keyOf={keyOf}
    >
      {(entry) => (
        <>
          <CTableDataCell className="text-nowrap">
            {formatWhen(entry.createdAt)}
            {entry.updatedAt !== entry.createdAt && (
              <div className="small text-body-secondary">changed {formatWhen(entry.updatedAt)}</div>
            )}
          </CTableDataCell>
          <CTableDataCell>
            <Horse entry={entry} />
          </CTableDataCell>
          <CTableDataCell>
            <Payer entry={entry} />
          </CTableDataCell>
          <CTableDataCell className="text-nowrap">{methodLabel(entry)}</CTableDataCell>
          <CTableDataCell className="text-nowrap text-end">
            {formatUsd(entry.amountCents)}
          </CTableDataCell>
          <CTableDataCell>
            <RecordStatusBadge status={entry.status} />
          </CTableDataCell>
          <CTableDataCell>
            <Details entry={entry} />
          </CTableDataCell>
          <CTableDataCell>
            <Actions entry={entry} onReverse={onReverse} />
          </CTableDataCell>
        </>
      )}
    </TableCard>
  );
}

/** The ledger as cards (phones). */
export function LedgerCards({ entries, busy, label, onReverse }: LedgerViewProps) {
  return (
    <CardList label={label} busy={busy} items={entries} keyOf={keyOf}>
      {(entry) => (
        <>
          <div className="d-flex justify-content-between align-items-start gap-2">
            <div className="min-w-0">
              <div className="fw-semibold">
                <Horse entry={entry} />
              </div>
              <div className="small text-body-secondary">{formatWhen(entry.createdAt)}</div>
            </div>
            <div className="text-end">
              <div className="fw-semibold">{formatUsd(entry.amountCents)}</div>
              <RecordStatusBadge status={entry.status} />
            </div>
          </div>
          <div className="mt-2 small">
            {methodLabel(entry)} ·{' '}
            {entry.payer ? entry.payer.name || entry.payer.email : 'Account deleted'}
            {entry.payer?.memberNumber && <> · {entry.payer.memberNumber}</>}
          </div>
          <div className="mt-1">
            <Details entry={entry} />
          </div>
          {reversalFor(entry) && (
            <div className="mt-2">
              <Actions entry={entry} onReverse={onReverse} />
            </div>
          )}
        </>
      )}
    </CardList>
  );
}
