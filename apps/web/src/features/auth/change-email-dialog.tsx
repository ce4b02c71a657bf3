import {
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
} from '@coreui/react';

/**
 * The administrator's Change Email dialog (spec §2.5). Its two steps (new address, then a
 * six-digit code) need email verification on the server; until that ships the dialog says so
 * instead of offering a form that cannot work.
 */
export function ChangeEmailDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  return (
    <CModal
      visible={visible}
      onClose={onClose}
      alignment="center"
      aria-labelledby="change-email-title"
    >
      <CModalHeader>
        <CModalTitle as="h2" className="h5" id="change-email-title">
          Change Email
        </CModalTitle>
      </CModalHeader>
      <CModalBody>
        <p>
          Changing your sign-in email needs a confirmation code sent to the new address. That
          arrives with email verification in a coming release.
        </p>
        <p className="mb-0 text-body-secondary">Until then your sign-in email stays as it is.</p>
      </CModalBody>
      <CModalFooter>
        <CButton color="secondary" onClick={onClose}>
          Close
        </CButton>
      </CModalFooter>
    </CModal>
  );
}
