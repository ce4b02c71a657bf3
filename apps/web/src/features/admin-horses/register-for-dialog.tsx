import { useEffect, useId, useState } from 'react';
import {
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
} from '@coreui/react';
import { MemberPicker, type PickedMember } from './member-picker';

/** Step one of registering on a member's behalf: whose horse it is. */
export function RegisterForDialog({
  visible,
  onClose,
  onChosen,
}: {
  visible: boolean;
  onClose: () => void;
  onChosen: (member: PickedMember) => void;
}) {
  const titleId = useId();
  const [member, setMember] = useState<PickedMember | null>(null);
  useEffect(() => {
    if (visible) setMember(null);
  }, [visible]);
  return (
    <CModal visible={visible} onClose={onClose} alignment="center" aria-labelledby={titleId}>
      <CModalHeader>
        <CModalTitle as="h2" className="h5" id={titleId}>
          Register a horse for a member
        </CModalTitle>
      </CModalHeader>
      <CModalBody>
        <MemberPicker label="Owner" value={member} onChange={setMember} />
        <p className="small text-body-secondary mt-3 mb-0">
          The registration form opens next, without the payment section: record the payment
          separately.
        </p>
      </CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="outline" onClick={onClose}>
          Cancel
        </CButton>
        <CButton color="primary" disabled={!member} onClick={() => member && onChosen(member)}>
          Continue
        </CButton>
      </CModalFooter>
    </CModal>
  );
}
