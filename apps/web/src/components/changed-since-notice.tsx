import { CAlert, CButton } from '@coreui/react';
import type { VersionConflict } from '@registry/domain';
import type { ApiError } from '../lib/api-client';
import { ChangeList } from './change-list';

/** A refused decision's second look (409 with `conflict`, docs/api.md "Approvals"), or null. */
export function conflictOf(failure: ApiError): VersionConflict | null {
  return failure.status === 409 && failure.conflict ? failure.conflict : null;
}

/**
 * Says that the record changed after the office opened it, lists what changed (when the
 * server knows), and offers to look again; the decision is not taken until then.
 */
export function ChangedSinceNotice({
  message,
  conflict,
  onReviewAgain,
}: {
  message: string;
  conflict: VersionConflict;
  onReviewAgain: () => void;
}) {
  return (
    <CAlert color="warning" role="alert" className="mb-0">
      <p className="fw-semibold mb-2">{message}</p>
      {conflict.changes.length > 0 ? (
        <ChangeList changes={conflict.changes} label="Changed since you opened it" />
      ) : (
        <p className="mb-2">Open it again to see the record as it is now.</p>
      )}
      <CButton color="primary" className="mt-2" onClick={onReviewAgain}>
        Review again
      </CButton>
    </CAlert>
  );
}
