import { CTableDataCell } from '@coreui/react';
import { formatUsd, paymentNotes, reversalFor, type LedgerEntry } from '@registry/domain';
import { ClippedText, TableOrCards } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import {
  REVERSAL_LABELS,
  RecordStatusBadge,
  formatDay,
  formatTime,
  formatWhen,
  horseLabel,
  methodLabel,
} from './labels';

interface LedgerViewProps {
  entries: LedgerEntry[];
  busy: boolean;
  label: string;
  /** Absent for a staff role that may not refund or void: no row offers it (issue 29 §1). */
  onReverse?: ((entry: LedgerEntry) => void) | undefined;
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
  if (!reversal || !onReverse) return null;
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

/** Who paid: the name (email when there is none) and member number; the email on hover. */
function Payer({ entry }: { entry: LedgerEntry }) {
  if (!entry.payer) return <span className="text-body-secondary">Account deleted</span>;
  return (
    <>
      <ClippedText text={entry.payer.name || entry.payer.email} width="9rem" />
      <div className="small text-body-secondary">
        <ClippedText
          text={[entry.payer.memberNumber, entry.payer.email].filter(Boolean).join(' · ')}
          width="9rem"
        />
      </div>
    </>
  );
}

/** The method, the office's reference, and who recorded it when the office did. */
function Method({ entry }: { entry: LedgerEntry }) {
  return (
    <>
      {methodLabel(entry)}
      {entry.reference && (
        <div className="small">
          <ClippedText text={entry.reference} width="8rem" />
        </div>
      )}
      {entry.recordedBy && (
        <div className="small text-body-secondary">
          <ClippedText
            text={`office: ${entry.recordedBy.name || entry.recordedBy.email}`}
            width="8rem"
          />
        </div>
      )}
    </>
  );
}

/** The amount and the fee lines it pays. */
function Amount({ entry }: { entry: LedgerEntry }) {
  return (
    <>
      {formatUsd(entry.amountCents)}
      <div className="small text-body-secondary">
        {entry.lines.map((line) => line.label.replace(/ Fee$/, '')).join(' + ')}
      </div>
    </>
  );
}

/** Partial and failed refunds, a dispute, a revoked bank authorisation (issue 33 §3). */
function Notes({ entry }: { entry: LedgerEntry }) {
  const notes = paymentNotes(entry);
  if (notes.length === 0) return null;
  return <div className="small text-body-secondary">{notes.join('; ')}</div>;
}

/** The status, with why it failed or was undone. */
function Status({ entry }: { entry: LedgerEntry }) {
  const why = entry.failureMessage ?? entry.reversalReason;
  return (
    <>
      <RecordStatusBadge status={entry.status} />
      {why && (
        <div className={entry.failureMessage ? 'small text-danger' : 'small'}>
          <ClippedText text={why} width="12rem" lines={2} />
        </div>
      )}
      <Notes entry={entry} />
    </>
  );
}

function Horse({ entry }: { entry: LedgerEntry }) {
  return (
    <>
      <ClippedText text={entry.horse.name || horseLabel(entry)} width="11rem" />
      {/* Its own line, so a long name never hides that the registration was withdrawn. */}
      {entry.horse.deleted && entry.horse.name && (
        <div className="small text-body-secondary">withdrawn</div>
      )}
      {entry.horse.registrationNumber && (
        <div className="small text-body-secondary">{entry.horse.registrationNumber}</div>
      )}
    </>
  );
}

/** The last change, when it came later than the payment itself (a refund, a settlement). */
const changedLater = (entry: LedgerEntry) =>
  Date.parse(entry.updatedAt) - Date.parse(entry.createdAt) > 60_000;

type EntryProps = { entry: LedgerEntry } & Pick<LedgerViewProps, 'onReverse'>;

/** One entry's cells in the table (tablets and wider). */
function LedgerRow({ entry, onReverse }: EntryProps) {
  return (
    <>
      <CTableDataCell className="text-nowrap">
        {formatDay(entry.createdAt)}
        <div className="small text-body-secondary">{formatTime(entry.createdAt)}</div>
        {changedLater(entry) && (
          <div className="small text-body-secondary">changed {formatDay(entry.updatedAt)}</div>
        )}
      </CTableDataCell>
      <CTableDataCell>
        <Horse entry={entry} />
      </CTableDataCell>
      <CTableDataCell>
        <Payer entry={entry} />
      </CTableDataCell>
      <CTableDataCell className="text-nowrap">
        <Method entry={entry} />
      </CTableDataCell>
      <CTableDataCell className="text-nowrap">
        <Amount entry={entry} />
      </CTableDataCell>
      <CTableDataCell>
        <Status entry={entry} />
      </CTableDataCell>
      <CTableDataCell>
        <Actions entry={entry} onReverse={onReverse} />
      </CTableDataCell>
    </>
  );
}

/** One entry's card (phones). */
function LedgerCard({ entry, onReverse }: EntryProps) {
  return (
    <>
      <div className="d-flex justify-content-between align-items-start gap-2">
        <div className="min-w-0">
          {/* A phone card has room for the whole name, "(withdrawn)" included. */}
          <div className="fw-semibold text-break">{horseLabel(entry)}</div>
          {entry.horse.registrationNumber && (
            <div className="small text-body-secondary">{entry.horse.registrationNumber}</div>
          )}
          <div className="small text-body-secondary">{formatWhen(entry.createdAt)}</div>
        </div>
        <div className="text-end">
          <div className="fw-semibold">{formatUsd(entry.amountCents)}</div>
          <RecordStatusBadge status={entry.status} />
        </div>
      </div>
      <div className="mt-2 small">
        {methodLabel(entry)}
        {entry.reference && <> · {entry.reference}</>} ·{' '}
        {entry.payer ? entry.payer.name || entry.payer.email : 'Account deleted'}
        {entry.payer?.memberNumber && <> · {entry.payer.memberNumber}</>}
        {entry.recordedBy && <> · recorded by the office</>}
      </div>
      <div className="small text-body-secondary">
        {entry.lines.map((line) => `${line.label} ${formatUsd(line.cents)}`).join(', ')}
      </div>
      {(entry.failureMessage ?? entry.reversalReason) && (
        <div className={entry.failureMessage ? 'small text-danger' : 'small'}>
          {entry.failureMessage ?? `Reason: ${entry.reversalReason}`}
        </div>
      )}
      <Notes entry={entry} />
      {reversalFor(entry) && (
        <div className="mt-2">
          <Actions entry={entry} onReverse={onReverse} />
        </div>
      )}
    </>
  );
}

/** The ledger: a table on tablets and wider, cards on phones. */
export function Ledger({ entries, busy, label, onReverse }: LedgerViewProps) {
  return (
    <TableOrCards
      label={label}
      busy={busy}
      columns={['Date', 'Horse', 'Payer', 'Method', 'Amount', 'Status']}
      actions
      items={entries}
      keyOf={keyOf}
      row={(entry) => <LedgerRow entry={entry} onReverse={onReverse} />}
      card={(entry) => <LedgerCard entry={entry} onReverse={onReverse} />}
    />
  );
}
