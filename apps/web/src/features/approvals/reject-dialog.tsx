import '../../components/contrast.css';
import { useEffect, useState } from 'react';
import { ActionDialog, BusyButton } from '../../components/action-dialog';
import { ChangedSinceNotice, useDecisionAction } from '../../components/changed-since-notice';
import type { ApiError } from '../../lib/api-client';
import type { AdminHorse } from '../../lib/admin-types';
import { horseDisplayName } from '../../lib/horse-types';
import { useDecideHorse } from './api';
import { ReasonField } from './reason-field';

/** Reject a pending horse; the reason is required and is shown to the owner. */
export function RejectDialog({
  horse,
  visible,
  onClose,
  onDone,
  onReviewAgain,
}: {
  horse: AdminHorse | null;
  visible: boolean;
  onClose: () => void;
  onDone: (rejected: AdminHorse, message: string) => void;
  /** The horse changed since it was opened: back to the review, with the record as it is now. */
  onReviewAgain: () => void;
}) {
  const decideHorse = useDecideHorse();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const { action, conflict, clearConflict } = useDecisionAction((failure: ApiError) => {
    if (!failure.fields?.reason) return failure.error;
    setReasonError(failure.fields.reason);
    return null;
  });
  const { fail } = action;

  useEffect(() => {
    if (!visible) return;
    setReason('');
    setReasonError(null);
    clearConflict();
    fail(null);
  }, [visible, horse?._id, horse?.version, fail, clearConflict]);

  if (!horse) return null;

  const submit = () => {
    action.fail(null);
    if (!reason.trim()) {
      setReasonError('A reason is required to reject a registration');
      return;
    }
    void action.run(async () => {
      const result = await decideHorse({
        id: horse._id,
        body: { action: 'reject', version: horse.version, reason: reason.trim() },
      }).unwrap();
      onDone(result.data, result.message ?? 'Horse rejected');
    });
  };

  return (
    <ActionDialog
      title={`Reject ${horseDisplayName(horse)}`}
      visible={visible}
      busy={action.busy}
      error={action.error}
      onClose={onClose}
      onSubmit={submit}
      actions={
        !conflict && (
          <BusyButton
            type="submit"
            color="danger"
            className="btn-contrast"
            busy={action.busy}
            disabled={action.busy}
          >
            Reject
          </BusyButton>
        )
      }
    >
      {conflict ? (
        <ChangedSinceNotice conflict={conflict} onReviewAgain={onReviewAgain} />
      ) : (
        <ReasonField
          id="reject-reason"
          rows={4}
          value={reason}
          error={reasonError}
          disabled={action.busy}
          onChange={(value) => {
            setReason(value);
            setReasonError(null);
          }}
        />
      )}
    </ActionDialog>
  );
}
