import '../../components/contrast.css';
import { useEffect, useState } from 'react';
import { CHANGE_REQUEST_MESSAGES } from '@registry/domain';
import { ActionDialog } from '../../components/action-dialog';
import { RejectApproveButtons } from './reject-approve-buttons';
import { ChangedSinceNotice, useDecisionAction } from '../../components/changed-since-notice';
import { ChangeList } from '../../components/change-list';
import type { ApiError } from '../../lib/api-client';
import type { ChangeRequest } from '../../lib/admin-types';
import { formatDaySlashed } from '../../lib/format';
import { useDecideChange } from './api';
import { useStaffMay } from '../../stores/use-staff-role';
import { ReasonField } from './reason-field';

/**
 * A member's change to an approved record: what it was and what it becomes, field by field,
 * with Approve (applies it) and Reject (a reason is required).
 */
export function ChangeRequestDialog({
  request,
  visible,
  onClose,
  onDone,
  onReviewAgain,
}: {
  request: ChangeRequest | null;
  visible: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
  /** The owner replaced the request since it was opened: ask the queue for the new one. */
  onReviewAgain: () => void;
}) {
  const decideChange = useDecideChange();
  // Only roles that decide change requests see the decisions (the server refuses the others).
  const mayDecide = useStaffMay('approvals');
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const { action, conflict, clearConflict } = useDecisionAction((failure: ApiError) => {
    if (!failure.fields?.reason) return failure.error;
    setReasonError(failure.fields.reason);
    return null;
  });
  const { busy, fail } = action;

  useEffect(() => {
    if (!visible) return;
    setRejecting(false);
    setReason('');
    setReasonError(null);
    clearConflict();
    fail(null);
  }, [visible, request?.id, request?.version, fail, clearConflict]);

  if (!request) return null;

  const decide = (decision: 'approve' | 'reject') => {
    fail(null);
    if (decision === 'reject' && !reason.trim()) {
      setReasonError(CHANGE_REQUEST_MESSAGES.reasonRequired);
      return;
    }
    void action.run(async () => {
      const result = await decideChange({
        id: request.id,
        body:
          decision === 'approve'
            ? { action: decision, version: request.version }
            : { action: decision, version: request.version, reason: reason.trim() },
      }).unwrap();
      onDone(
        result.message ??
          (decision === 'approve'
            ? CHANGE_REQUEST_MESSAGES.approved
            : CHANGE_REQUEST_MESSAGES.rejected),
      );
    });
  };

  const who = request.requestedBy ?? request.owner;
  return (
    <ActionDialog
      title={
        <>
          Change to {request.horseName}
          {request.registrationNumber && ` (${request.registrationNumber})`}
        </>
      }
      visible={visible}
      busy={busy}
      error={action.error}
      onClose={onClose}
      size="lg"
      actions={
        !conflict &&
        mayDecide && (
          <RejectApproveButtons
            what="change"
            rejecting={rejecting}
            busy={busy}
            onStartRejecting={() => setRejecting(true)}
            onDecide={(decision) => decide(decision)}
          />
        )
      }
    >
      <p>
        Sent {formatDaySlashed(request.updatedAt)} by{' '}
        <strong>{who?.name || who?.email || 'unknown member'}</strong>
        {who?.memberNumber && ` (member no. ${who.memberNumber})`}. The approved record stays as it
        is until you approve.
      </p>
      {conflict && (
        <div className="mb-3">
          <ChangedSinceNotice conflict={conflict} onReviewAgain={onReviewAgain} />
        </div>
      )}
      <ChangeList changes={request.changes} label="Requested changes" />
      {rejecting && (
        <div className="mt-3">
          <ReasonField
            id="change-reject-reason"
            rows={3}
            value={reason}
            error={reasonError}
            disabled={busy}
            onChange={(value) => {
              setReason(value);
              setReasonError(null);
            }}
          />
        </div>
      )}
    </ActionDialog>
  );
}
