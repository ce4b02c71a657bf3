import './contrast.css';
import { useId, type ReactNode } from 'react';
import {
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
  CSpinner,
} from '@coreui/react';

export interface ConfirmDialogProps {
  visible: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  confirmColor?: 'danger' | 'primary';
  /** While true both buttons are disabled and the confirm button shows a spinner. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something that cannot be undone, such as a delete. */
export function ConfirmDialog({
  visible,
  title,
  children,
  confirmLabel = 'Delete',
  confirmColor = 'danger',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <CModal
      visible={visible}
      onClose={onCancel}
      alignment="center"
      backdrop="static"
      keyboard={!busy}
      aria-labelledby={titleId}
    >
      <CModalHeader closeButton={!busy}>
        <CModalTitle as="h2" className="h5" id={titleId}>
          {title}
        </CModalTitle>
      </CModalHeader>
      <CModalBody>{children}</CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </CButton>
        <CButton
          color={confirmColor}
          className={confirmColor === 'danger' ? 'btn-contrast' : undefined}
          disabled={busy}
          onClick={onConfirm}
        >
          {busy && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel}
        </CButton>
      </CModalFooter>
    </CModal>
  );
}
