import { useCallback, useState } from 'react';
import { CAlert, CButton } from '@coreui/react';
import type { VersionConflict } from '@registry/domain';
import type { ApiError } from '../lib/api-client';
import { useAction } from '../lib/use-action';
import { ChangeList } from './change-list';

/** A decision refused because what it was made on changed (409 with `conflict`). */
export interface SeenConflict {
  message: string;
  at: VersionConflict;
}

/**
 * `useAction` for a decision that names the version it was made on (docs/api.md "Approvals"):
 * a refusal because the record changed since is kept as `conflict` for ChangedSinceNotice
 * instead of a plain error; `describe` words every other failure, as for useAction.
 */
export function useDecisionAction(
  describe: (failure: ApiError) => string | null = (failure) => failure.error,
) {
  const [conflict, setConflict] = useState<SeenConflict | null>(null);
  const action = useAction((failure: ApiError) => {
    if (failure.status === 409 && failure.conflict) {
      setConflict({ message: failure.error, at: failure.conflict });
      return null;
    }
    return describe(failure);
  });
  const clearConflict = useCallback(() => setConflict(null), []);
  return { action, conflict, clearConflict };
}

/**
 * Says that the record changed after the office opened it, lists what changed (when the
 * server knows), and offers to look again; the decision is not taken until then.
 */
export function ChangedSinceNotice({
  conflict,
  onReviewAgain,
}: {
  conflict: SeenConflict;
  onReviewAgain: () => void;
}) {
  return (
    <CAlert color="warning" role="alert" className="mb-0">
      <p className="fw-semibold mb-2">{conflict.message}</p>
      {conflict.at.changes.length > 0 ? (
        <ChangeList changes={conflict.at.changes} label="Changed since you opened it" />
      ) : (
        <p className="mb-2">Open it again to see the record as it is now.</p>
      )}
      <CButton color="primary" className="mt-2" onClick={onReviewAgain}>
        Review again
      </CButton>
    </CAlert>
  );
}
