import '../../components/contrast.css';
import { useEffect } from 'react';
import { ActionDialog, BusyButton } from '../../components/action-dialog';
import { ChangedSinceNotice } from '../../components/changed-since-notice';
import type { AdminHorse } from '../../lib/admin-types';
import { horseDisplayName } from '../../lib/horse-types';
import { useDecideHorse } from './api';
import { ReasonField, useReasonedDecision } from './reason-field';
import type { DecisionDialogProps } from './decision-dialog-props';

/** Reject a pending horse; the reason is required and is shown to the owner. */
export function RejectDialog({
  horse,
  visible,
  onClose,
  onDone,
  onReviewAgain,
}: { horse: AdminHorse | null } & DecisionDialogProps<[rejected: AdminHorse, message: string]>) {
  const decideHorse = useDecideHorse();
  const { action, conflict, reset, reason, lacksReason, field } = useReasonedDecision();

  useEffect(() => {
    if (visible) reset();
  }, [visible, horse?._id, horse?.version, reset]);

  if (!horse) return null;

  const submit = () => {
    action.fail(null);
    if (lacksReason('A reason is required to reject a registration')) return;
    void action.run(async () => {
      const result = await decideHorse({
        id: horse._id,
        body: { action: 'reject', version: horse.version, reason },
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
        <ReasonField id="reject-reason" rows={4} disabled={action.busy} {...field} />
      )}
    </ActionDialog>
  );
}
