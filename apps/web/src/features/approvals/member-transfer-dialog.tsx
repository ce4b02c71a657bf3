import '../../components/contrast.css';
import '../../components/signature.css';
import { useEffect, useState } from 'react';
import { CSpinner } from '@coreui/react';
import { MEMBER_TRANSFER_MESSAGES, formatUsd, type MemberTransfer } from '@registry/domain';
import { ActionDialog } from '../../components/action-dialog';
import { RejectApproveButtons } from './reject-approve-buttons';
import { ChangedSinceNotice } from '../../components/changed-since-notice';
import { formatDaySlashed } from '../../lib/format';
import { useInvalidate } from '../../stores/server-api';
import { TransferBadge } from '../../components/transfer-badge';
import { useDecideMemberTransfer, useMemberTransfer } from './member-transfers-api';
import { ReasonField, useReasonedDecision } from './reason-field';

function Party({ label, party }: { label: string; party: MemberTransfer['seller'] }) {
  return (
    <>
      <dt className="col-sm-4">{label}</dt>
      <dd className="col-sm-8">
        {party.name}
        {party.memberNumber && ` (member no. ${party.memberNumber})`}
        <span className="d-block small text-body-secondary">{party.email}</span>
      </dd>
    </>
  );
}

function Signature({
  label,
  src,
  at,
}: {
  label: string;
  src: string | null | undefined;
  at: string | null;
}) {
  return (
    <figure className="mb-0">
      <figcaption className="small mb-1">
        {label}
        {at && `, signed ${formatDaySlashed(at)}`}
      </figcaption>
      {src ? (
        <img src={src} alt={`${label} (signed)`} className="signature-thumb border rounded" />
      ) : (
        <span className="text-body-secondary small">Not signed yet</span>
      )}
    </figure>
  );
}

/**
 * The office's review of a member transfer: horse, seller, buyer, sale date, both signatures and
 * the fee's payment; Approve (the owner of record changes) or Reject (a reason is required). The
 * decision names the transfer's and the horse's versions shown: 409 with what changed.
 */
export function MemberTransferDialog({
  transferId,
  onClose,
  onDone,
}: {
  transferId: string | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const query = useMemberTransfer(transferId);
  const decide = useDecideMemberTransfer();
  const invalidate = useInvalidate();
  const [rejecting, setRejecting] = useState(false);
  const { action, conflict, clearConflict, reset, reason, lacksReason, field } =
    useReasonedDecision();
  const { busy, fail } = action;
  const transfer = query.data && query.data.id === transferId ? query.data : undefined;

  useEffect(() => {
    setRejecting(false);
    reset();
  }, [transferId, reset]);

  if (!transferId) return null;
  const waiting = transfer?.status === 'awaiting_office';

  const run = (decision: 'approve' | 'reject') => {
    if (!transfer) return;
    fail(null);
    if (decision === 'reject' && lacksReason(MEMBER_TRANSFER_MESSAGES.reasonRequired)) return;
    const versions = { version: transfer.version, horseVersion: transfer.horse.version };
    void action.run(async () => {
      const result = await decide({
        id: transfer.id,
        body:
          decision === 'approve'
            ? { action: 'approve', ...versions }
            : { action: 'reject', reason, ...versions },
      }).unwrap();
      onDone(
        result.message ??
          (decision === 'approve'
            ? MEMBER_TRANSFER_MESSAGES.approved
            : MEMBER_TRANSFER_MESSAGES.rejected),
      );
    });
  };

  return (
    <ActionDialog
      title={transfer ? `Transfer of ${transfer.horse.name}` : 'Transfer'}
      visible
      busy={busy}
      error={action.error}
      onClose={onClose}
      size="lg"
      actions={
        waiting &&
        !conflict && (
          <RejectApproveButtons
            what="transfer"
            rejecting={rejecting}
            busy={busy}
            onStartRejecting={() => setRejecting(true)}
            onDecide={(decision) => run(decision)}
          />
        )
      }
    >
      {!transfer && (
        <p className="d-flex align-items-center gap-2 mb-0" role="status">
          <CSpinner size="sm" aria-hidden="true" /> Loading the transfer…
        </p>
      )}
      {conflict && (
        <div className="mb-3">
          <ChangedSinceNotice
            conflict={conflict}
            onReviewAgain={() => {
              clearConflict();
              invalidate('Transfer');
            }}
          />
        </div>
      )}
      {transfer && (
        <>
          <p className="d-flex flex-wrap gap-2 align-items-center">
            <TransferBadge status={transfer.status} />
            <span className="small text-body-secondary">
              Started {formatDaySlashed(transfer.createdAt)}
            </span>
          </p>
          <dl className="row">
            <dt className="col-sm-4">Horse</dt>
            <dd className="col-sm-8">
              {transfer.horse.name}
              {transfer.horse.registrationNumber && ` (${transfer.horse.registrationNumber})`}
            </dd>
            <Party label="Seller (owner of record)" party={transfer.seller} />
            <Party label="Buyer" party={transfer.buyer} />
            <dt className="col-sm-4">Sale date</dt>
            <dd className="col-sm-8">{transfer.saleDate}</dd>
            <dt className="col-sm-4">Transfer fee</dt>
            <dd className="col-sm-8">
              {transfer.feeCents === 0
                ? 'None'
                : `${formatUsd(transfer.feeCents)}, paid by the ${transfer.feePayer}`}
              {transfer.payment && (
                <span className="d-block small">
                  Payment {transfer.payment.status.replace('_', ' ')} ({transfer.payment.method},{' '}
                  {formatUsd(transfer.payment.amountCents)})
                </span>
              )}
            </dd>
            {transfer.reason && (
              <>
                <dt className="col-sm-4">Reason</dt>
                <dd className="col-sm-8">{transfer.reason}</dd>
              </>
            )}
          </dl>
          <div className="d-flex flex-wrap gap-3">
            <Signature
              label="Seller's signature"
              src={transfer.sellerSignature}
              at={transfer.sellerSignedAt}
            />
            <Signature
              label="Buyer's signature"
              src={transfer.buyerSignature}
              at={transfer.buyerSignedAt}
            />
          </div>
          {rejecting && (
            <div className="mt-3">
              <ReasonField id="member-transfer-reject-reason" rows={3} disabled={busy} {...field} />
            </div>
          )}
        </>
      )}
    </ActionDialog>
  );
}
