import '../../components/contrast.css';
import { useEffect, useState } from 'react';
import { CHANGE_REQUEST_MESSAGES } from '@registry/domain';
import { ActionDialog } from '../../components/action-dialog';
import { RejectApproveButtons } from './reject-approve-buttons';
import { ChangedSinceNotice } from '../../components/changed-since-notice';
import { ChangeList } from '../../components/change-list';
import type { ChangeRequest } from '../../lib/admin-types';
import { formatDaySlashed } from '../../lib/format';
import { useDecideChange } from './api';
import { useStaffMay } from '../../stores/use-staff-role';
import { ReasonField, useReasonedDecision } from './reason-field';
import type { DecisionDialogProps } from './decision-dialog-props';

/**
 * A member's change to an approved record: what it was and what it becomes, field by field,
 * with Approve (applies it) and Reject (a reason is required). Review again (the owner replaced
 * the request since it was opened) asks the queue for the new one.
 */
export function ChangeRequestDialog({
  request,
  visible,
  onClose,
  onDone,
  onReviewAgain,
}: { request: ChangeRequest | null } & DecisionDialogProps<[message: string]>) {
  const decideChange = useDecideChange();
  // Only roles that decide change requests see the decisions (the server refuses the others).
  const mayDecide = useStaffMay('approvals');
  const [rejecting, setRejecting] = useState(false);
  const { action, conflict, reset, reason, lacksReason, field } = useReasonedDecision();
  const { busy, fail } = action;

  useEffect(() => {
    if (!visible) return;
    setRejecting(false);
    reset();
  }, [visible, request?.id, request?.version, reset]);

  if (!request) return null;

  const decide = (decision: 'approve' | 'reject') => {
    fail(null);
    if (decision === 'reject' && lacksReason(CHANGE_REQUEST_MESSAGES.reasonRequired)) return;
    void action.run(async () => {
      const result = await decideChange({
        id: request.id,
        body:
          decision === 'approve'
            ? { action: decision, version: request.version }
            : { action: decision, version: request.version, reason },
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
          <ReasonField id="change-reject-reason" rows={3} disabled={busy} {...field} />
        </div>
      )}
    </ActionDialog>
  );
}
