import { CAlert } from '@coreui/react';
import type { HorseFormMode } from '@registry/domain';
import { ChangeList } from '../../../components/change-list';
import { formatDaySlashed } from '../../../lib/format';
import type { Horse } from '../../../lib/horse-types';

/**
 * What the owner must know before reading or changing a stored horse: why it was rejected,
 * that an approved record changes only through the office, and a change waiting for it
 * (docs/decisions/0031-approved-records-change-through-the-office.md). `office`: an
 * administrator's form, whose edits are written directly.
 */
export function RecordNotice({
  horse,
  mode,
  office = false,
}: {
  horse: Horse | null;
  mode: HorseFormMode;
  office?: boolean;
}) {
  if (!horse || mode === 'register') return null;
  const editing = mode === 'edit' && !office;
  const pending = horse.pendingChange;
  return (
    <>
      {horse.approvalStatus === 'rejected' && horse.rejectionReason && (
        <CAlert color="danger" className="mb-3">
          <strong>Not approved.</strong> The registry office gave this reason:{' '}
          <span className="d-block mt-1">{horse.rejectionReason}</span>
          {editing && (
            <span className="d-block mt-2">
              Saving your corrections sends the registration back to the office for review.
            </span>
          )}
        </CAlert>
      )}
      {editing && horse.approvalStatus === 'approved' && (
        <CAlert color="info" className="mb-3">
          This horse is approved. Changes to its record are sent to the registry office and show
          only once approved; the owners&apos; addresses change at once. Documents are changed by
          the office.
        </CAlert>
      )}
      {pending && (
        <CAlert color="warning" className="mb-3">
          <p className="mb-2">
            <strong>A change is awaiting review</strong> by the registry office (sent{' '}
            {formatDaySlashed(pending.submittedAt)}). The record below is the approved one.
            {editing && ' Saving again replaces the change waiting for review.'}
            {office && ' Decide it in Horse Reject/Approve.'}
          </p>
          <ChangeList changes={pending.changes} label="Change awaiting review" />
        </CAlert>
      )}
    </>
  );
}

/**
 * The toast after an edit: the server writes, sends for review, or resubmits (docs/api.md
 * "Edit"). A change waiting that is newer than before means this save sent it.
 */
export function editOutcomeMessage(before: Horse | null, saved: Horse): string {
  if (before?.approvalStatus === 'rejected' && saved.approvalStatus === 'pending') {
    return 'Corrected registration sent back to the registry office for review';
  }
  const sent = saved.pendingChange?.submittedAt;
  if (sent && sent !== before?.pendingChange?.submittedAt) {
    return 'Change sent to the registry office: the record changes once it is approved';
  }
  return 'Horse updated';
}
