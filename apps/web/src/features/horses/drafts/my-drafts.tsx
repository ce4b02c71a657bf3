import { useState } from 'react';
import { CButton, CCard, CCardBody, CCardHeader } from '@coreui/react';
import { DRAFT_EXPIRY_DAYS, type HorseDraftSummary } from '@registry/domain';
import { LazyConfirmDialog } from '../../../components/lazy-confirm-dialog';
import type { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../stores/use-toast';
import { useDiscardDraft, useDrafts } from './drafts-api';
import { draftTitle as titleOf } from './draft-title';
import { formatSavedAt } from './saved-at';

/**
 * My Horses' unfinished registrations (issue 14 item 5): each with when it was last saved,
 * Continue (opens Register Horse on it) and Discard (asks first). Nothing shows without drafts.
 * `version` changes when the form closes, so a draft saved meanwhile appears.
 */
export function MyDrafts({
  version,
  onContinue,
}: {
  version: number;
  onContinue: (id: string) => void;
}) {
  const toast = useToast();
  const query = useDrafts(version);
  const discardDraft = useDiscardDraft();
  const [toDiscard, setToDiscard] = useState<HorseDraftSummary | null>(null);
  const [busy, setBusy] = useState(false);
  // Anything but a list (an old server without drafts) shows nothing.
  const drafts = Array.isArray(query.data) ? query.data : [];
  if (drafts.length === 0 && !toDiscard) return null;

  async function confirmDiscard() {
    if (!toDiscard) return;
    setBusy(true);
    try {
      await discardDraft(toDiscard.id).unwrap();
      toast.success('Draft discarded');
    } catch (caught) {
      toast.danger((caught as ApiError).error);
    } finally {
      setBusy(false);
      setToDiscard(null);
    }
  }

  return (
    <CCard className="mb-3">
      <CCardHeader as="h2" className="h6 mb-0">
        Unfinished registrations
      </CCardHeader>
      <CCardBody className="py-2">
        <ul className="list-unstyled mb-0" aria-label="Unfinished registrations">
          {drafts.map((draft) => (
            <li
              key={draft.id}
              className="d-flex flex-wrap align-items-center gap-2 py-2 border-bottom"
            >
              <div className="me-auto">
                <div className="fw-semibold">{titleOf(draft)}</div>
                <div className="small text-body-secondary">
                  Last saved {formatSavedAt(draft.updatedAt)}
                  {draft.fileCount > 0 &&
                    ` · ${draft.fileCount} file${draft.fileCount === 1 ? '' : 's'}`}
                </div>
              </div>
              <div className="d-flex gap-2">
                <CButton
                  color="primary"
                  size="sm"
                  onClick={() => onContinue(draft.id)}
                  aria-label={`Continue ${titleOf(draft)}`}
                >
                  Continue
                </CButton>
                <CButton
                  color="danger"
                  variant="outline"
                  size="sm"
                  onClick={() => setToDiscard(draft)}
                  aria-label={`Discard ${titleOf(draft)}`}
                >
                  Discard
                </CButton>
              </div>
            </li>
          ))}
        </ul>
        <p className="small text-body-secondary mt-2 mb-0">
          A draft not changed for {DRAFT_EXPIRY_DAYS} days is removed.
        </p>
      </CCardBody>
      <LazyConfirmDialog
        visible={toDiscard !== null}
        title="Discard draft"
        confirmLabel="Discard"
        busy={busy}
        onConfirm={() => void confirmDiscard()}
        onCancel={() => setToDiscard(null)}
      >
        {toDiscard &&
          `The unfinished registration “${titleOf(toDiscard)}” and everything typed in it will be deleted. This cannot be undone.`}
      </LazyConfirmDialog>
    </CCard>
  );
}
