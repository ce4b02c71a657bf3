import { CButton } from '@coreui/react';
import { BusyButton } from '../../components/action-dialog';

/**
 * The footer of a review that is approved or rejected with a reason: Reject first opens the
 * reason (`rejecting`), then confirms it as "Reject <what>"; Approve is offered until then.
 */
export function RejectApproveButtons({
  what,
  rejecting,
  busy,
  onStartRejecting,
  onDecide,
}: {
  /** What is decided, as the confirming buttons name it: "transfer", "change". */
  what: string;
  rejecting: boolean;
  busy: boolean;
  onStartRejecting: () => void;
  onDecide: (decision: 'approve' | 'reject') => void;
}) {
  return (
    <>
      <CButton
        color="danger"
        variant={rejecting ? undefined : 'outline'}
        className={rejecting ? 'btn-contrast' : undefined}
        disabled={busy}
        onClick={() => (rejecting ? onDecide('reject') : onStartRejecting())}
      >
        {rejecting ? `Reject ${what}` : 'Reject'}
      </CButton>
      {!rejecting && (
        <BusyButton color="success" busy={busy} disabled={busy} onClick={() => onDecide('approve')}>
          Approve {what}
        </BusyButton>
      )}
    </>
  );
}
