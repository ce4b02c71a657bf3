import './registration.css';
import '../../../components/form-field.css';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import {
  CAlert,
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
} from '@coreui/react';
import type { HorseFormMode } from '@registry/domain';
import { PageSpinner } from '../../../components/page-spinner';
import type { Horse } from '../../../lib/horse-types';
import { useInvalidate } from '../../../stores/server-api';
import {
  HorseRegistrationForm,
  MODAL_TITLES,
  type EditCall,
  type RegisterCall,
} from './horse-registration-form';

export interface HorseRegistrationModalProps {
  visible: boolean;
  mode?: HorseFormMode;
  /** The stored horse for view and edit. */
  horse?: Horse | null;
  /** While the horse of view/edit is still loading. */
  loading?: boolean;
  loadError?: string | null;
  onClose: () => void;
  onSaved?: (horse: Horse) => void;
  /** Administrators save edits through their own route (see the form). */
  saveEdit?: EditCall;
  /** Registers without payment through this call (administrators, on a member's behalf). */
  saveRegister?: RegisterCall;
  /** The member the office registers for (prefills owner 1 and billing). */
  onBehalfOf?: string;
  /** Register mode: the draft to continue (My Horses). */
  draftId?: string;
  /**
   * Fade in (the default, when a button opens it). A page that is the form (Register Horse)
   * shows it at once: a fading form is not painted for the phone's first 150-300 ms
   * (docs/decisions/0065-register-horse-first-paint.md).
   */
  transition?: boolean;
}

/**
 * The horse registration modal of spec §2.6: Register Horse, View Horse or Edit Horse.
 * Static: a backdrop click or Escape does not close it; Close does. The form inside is
 * unmounted on close, which resets it (and, with the payments issue, ends payment polling).
 */
export default function HorseRegistrationModal({
  visible,
  mode = 'register',
  horse = null,
  loading = false,
  loadError = null,
  onClose,
  onSaved,
  saveEdit,
  saveRegister,
  onBehalfOf,
  draftId,
  transition = true,
}: HorseRegistrationModalProps) {
  const titleId = useId();
  const invalidate = useInvalidate();
  // CModal also reports a closing it started itself; the owner hears about each closing once.
  const closedRef = useRef(false);
  useEffect(() => {
    if (visible) closedRef.current = false;
  }, [visible]);
  const close = () => {
    if (closedRef.current) return;
    closedRef.current = true;
    onClose();
  };

  const ready = mode === 'register' || horse !== null;
  // Portalled here, not by CModal: CModal renders its content in place first and moves it into
  // a portal in an effect, which unmounts and mounts the whole form a second time (about half
  // of Register Horse's main-thread time on a phone;
  // docs/decisions/0065-register-horse-first-paint.md).
  return createPortal(
    <CModal
      portal={false}
      transition={transition}
      visible={visible}
      onClose={close}
      backdrop="static"
      keyboard={false}
      size="xl"
      scrollable
      fullscreen="md"
      className="horse-registration-modal"
      aria-labelledby={titleId}
    >
      {ready ? (
        <HorseRegistrationForm
          mode={mode}
          horse={horse}
          titleId={titleId}
          saveEdit={saveEdit}
          saveRegister={saveRegister}
          onBehalfOf={onBehalfOf}
          draftId={draftId}
          onClose={close}
          onSaved={(saved) => {
            // Every list showing horses, drafts or payments asks again
            // (docs/decisions/0079-server-data-through-rtk-query.md).
            invalidate('Horse', 'Payment', 'Draft');
            onSaved?.(saved);
            close();
          }}
        />
      ) : (
        <>
          <CModalHeader closeButton={false}>
            <CModalTitle as="h2" className="h5" id={titleId}>
              {MODAL_TITLES[mode]}
            </CModalTitle>
          </CModalHeader>
          <CModalBody>
            {loadError ? <CAlert color="danger">{loadError}</CAlert> : loading && <PageSpinner />}
          </CModalBody>
          <CModalFooter>
            <CButton color="secondary" variant="outline" onClick={close}>
              Close
            </CButton>
          </CModalFooter>
        </>
      )}
    </CModal>,
    document.body,
  );
}
