import { useId, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import {
  CAlert,
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
  CSpinner,
} from '@coreui/react';

/** A button that shows a spinner while its action runs. */
export function BusyButton({
  busy,
  children,
  ...props
}: ComponentProps<typeof CButton> & { busy: boolean }) {
  return (
    <CButton {...props}>
      {busy && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
      {children}
    </CButton>
  );
}

/**
 * The shell of a dialog that runs one action: it cannot be dismissed while the action runs,
 * shows the action's error under the body, and offers Close beside the dialog's own buttons.
 * With `onSubmit` the body and buttons form one `<form>` (Enter submits).
 */
export function ActionDialog({
  title,
  visible,
  busy,
  error,
  onClose,
  onSubmit,
  size,
  closeLabel = 'Close',
  actions,
  children,
}: {
  title: ReactNode;
  visible: boolean;
  busy: boolean;
  error?: string | null;
  onClose: () => void;
  onSubmit?: () => void;
  size?: 'sm' | 'lg' | 'xl';
  closeLabel?: string;
  /** The buttons after Close. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const content = (
    <>
      <CModalHeader closeButton={!busy}>
        <CModalTitle as="h2" className="h5" id={titleId}>
          {title}
        </CModalTitle>
      </CModalHeader>
      <CModalBody>
        {children}
        {error && (
          <CAlert color="danger" role="alert" className="mt-3 mb-0">
            {error}
          </CAlert>
        )}
      </CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="outline" disabled={busy} onClick={onClose}>
          {closeLabel}
        </CButton>
        {actions}
      </CModalFooter>
    </>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <CModal
      visible={visible}
      onClose={onClose}
      backdrop="static"
      keyboard={!busy}
      size={size}
      alignment="center"
      aria-labelledby={titleId}
    >
      {onSubmit ? (
        <form noValidate onSubmit={submit}>
          {content}
        </form>
      ) : (
        content
      )}
    </CModal>
  );
}
