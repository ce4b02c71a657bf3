import { memo } from 'react';
import { CFormInput, CFormLabel } from '@coreui/react';
import { useRegistration } from '../registration-context';

/** Spec §2.6 item 3: shown, never edited; the registry assigns it at approval. */
export const RegistrationNumberSection = memo(function RegistrationNumberSection() {
  const { horse } = useRegistration();
  const number = horse?.registrationNum?.trim() ?? '';
  return (
    <div>
      <CFormLabel htmlFor="horse-registrationNum" className="visually-hidden">
        Registration number of this horse
      </CFormLabel>
      <CFormInput
        id="horse-registrationNum"
        value={number}
        placeholder="Assigned on approval"
        disabled
        readOnly
      />
    </div>
  );
});
