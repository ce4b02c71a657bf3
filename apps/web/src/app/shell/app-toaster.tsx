import { CToast, CToastBody, CToastHeader, CToaster } from '@coreui/react';
import { TOAST_AUTOHIDE_MS, TOAST_TITLE } from '@registry/domain';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import { dismissToast } from '../../stores/ui-slice';

/**
 * Renders the toast queue. Subtle backgrounds with emphasis text instead of solid colours:
 * white on CoreUI's solid success/danger fails WCAG contrast.
 */
export default function AppToaster() {
  const dispatch = useAppDispatch();
  const toasts = useAppSelector((state) => state.ui.toasts);
  return (
    <CToaster placement="top-end" className="p-3 app-toaster">
      {toasts.map((toast) => (
        <CToast
          key={toast.id}
          visible
          autohide
          delay={TOAST_AUTOHIDE_MS}
          data-kind={toast.kind}
          className={`border-${toast.kind}-subtle`}
          onClose={() => dispatch(dismissToast(toast.id))}
        >
          <CToastHeader closeButton ariaCloseLabel="Close notification">
            <span className={`toast-dot bg-${toast.kind} me-2`} aria-hidden="true" />
            <strong className="me-auto">{TOAST_TITLE}</strong>
          </CToastHeader>
          <CToastBody
            className={`bg-${toast.kind}-subtle text-${toast.kind}-emphasis rounded-bottom`}
          >
            {toast.message}
          </CToastBody>
        </CToast>
      ))}
    </CToaster>
  );
}
