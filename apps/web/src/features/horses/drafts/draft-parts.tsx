import { useId, useState } from 'react';
import {
  CAlert,
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
} from '@coreui/react';
import type { RegisterDraft } from './use-register-draft';
import { draftTitle } from './draft-title';
import { formatSavedAt } from './saved-at';

/** At the top of a freshly opened Register Horse form: continue the latest draft, or not. */
export function DraftOffer({ draft }: { draft: RegisterDraft }) {
  const [busy, setBusy] = useState(false);
  const { offer } = draft;
  if (!offer) return null;
  const name = `“${draftTitle(offer)}”, `;
  return (
    <CAlert
      color="info"
      className="d-flex flex-wrap align-items-center gap-2"
      role="region"
      aria-label="Saved draft"
    >
      <span className="me-auto">
        You have an unfinished registration ({name}last saved {formatSavedAt(offer.updatedAt)}).
      </span>
      <CButton
        color="primary"
        size="sm"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void draft.continueDraft(offer.id).finally(() => setBusy(false));
        }}
      >
        Continue draft
      </CButton>
      {/* Dark, not secondary: grey on the info alert's tint fails contrast (axe, e2e). */}
      <CButton
        color="dark"
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={draft.dismissOffer}
      >
        Start fresh
      </CButton>
    </CAlert>
  );
}

const STATUS_TEXT = {
  loading: 'Opening the draft…',
  saving: 'Saving draft…',
  error: 'Draft not saved yet: trying again',
} as const;

/** Beside the footer's buttons: where the draft stands, read out politely. */
export function DraftStatusText({ draft }: { draft: RegisterDraft }) {
  if (!draft.enabled) return null;
  const { status, savedAt } = draft;
  let text = '';
  if (status === 'saved' && savedAt) text = `Draft saved ${formatSavedAt(savedAt)}`;
  else if (status === 'loading' || status === 'saving' || status === 'error') {
    text = STATUS_TEXT[status];
  }
  return (
    <span
      className={`me-auto small ${status === 'error' ? 'text-danger' : 'text-body-secondary'}`}
      role="status"
      aria-live="polite"
      data-testid="draft-status"
    >
      {text}
    </span>
  );
}

/**
 * Asked when Close is pressed after the member changed something: the draft keeps a
 * registration's work (say where to find it), an edit's changes are lost. Rendered inside the
 * form's modal (`container`), like the order summary, so focus stays in one dialog stack.
 */
export function CloseFormDialog({
  visible,
  draft,
  container,
  onKeepEditing,
  onClose,
}: {
  visible: boolean;
  draft: RegisterDraft;
  container: () => Element | null;
  onKeepEditing: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  let text = 'Your changes have not been saved and will be lost.';
  if (draft.enabled) {
    text = draft.unsaved()
      ? 'Your latest changes are still being saved as a draft. Closing now may lose them.'
      : 'Your registration is saved as a draft. Continue it from My Horses or by opening Register Horse again.';
  }
  return (
    <CModal
      visible={visible}
      onClose={onKeepEditing}
      alignment="center"
      backdrop="static"
      container={container}
      aria-labelledby={titleId}
    >
      <CModalHeader closeButton={false}>
        <CModalTitle as="h2" className="h5" id={titleId}>
          Close the form?
        </CModalTitle>
      </CModalHeader>
      <CModalBody>{text}</CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="outline" onClick={onKeepEditing}>
          Keep editing
        </CButton>
        <CButton color="primary" onClick={onClose}>
          Close
        </CButton>
      </CModalFooter>
    </CModal>
  );
}
