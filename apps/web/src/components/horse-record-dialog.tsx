import { useId, type ReactNode } from 'react';
import {
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
} from '@coreui/react';
import type { ApiError } from '../lib/api-client';
import { LoadError, LoadingBlock } from './load-states';

/**
 * The large dialog that shows one horse's whole record once it has loaded: a failed load with
 * Try again, a spinner until then, the record (`children`) when `ready`, and Close followed by
 * any `actions` at the bottom.
 */
export function HorseRecordDialog({
  visible,
  onClose,
  title,
  ready,
  loading,
  error,
  onRetry,
  errorLead,
  loadingLabel,
  children,
  actions,
}: {
  visible: boolean;
  onClose: () => void;
  title: string;
  /** The horse asked for has arrived (not the one shown before). */
  ready: boolean;
  loading: boolean;
  error: ApiError | undefined;
  onRetry: () => void;
  errorLead: string;
  loadingLabel: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const titleId = useId();
  return (
    <CModal
      visible={visible}
      onClose={onClose}
      size="xl"
      fullscreen="lg"
      scrollable
      aria-labelledby={titleId}
    >
      <CModalHeader>
        <CModalTitle as="h2" className="h5" id={titleId}>
          {title}
        </CModalTitle>
      </CModalHeader>
      <CModalBody>
        <LoadError lead={errorLead} error={error} loading={loading} onRetry={onRetry} />
        {!ready && loading && <LoadingBlock label={loadingLabel} />}
        {ready && children}
      </CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="outline" onClick={onClose}>
          Close
        </CButton>
        {actions}
      </CModalFooter>
    </CModal>
  );
}
