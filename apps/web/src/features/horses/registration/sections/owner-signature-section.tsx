import { memo } from 'react';
import { firstPlaceOf } from '@registry/domain';
import { SignatureInput } from '../fields/signature-input';
import { useRegistration } from '../registration-context';

/**
 * Spec §2.6 item 16, not in edit mode: drawn when registering; in view mode the stored
 * signature is shown.
 */
export const OwnerSignatureSection = memo(function OwnerSignatureSection() {
  const { mode, horse } = useRegistration();
  if (mode === 'register') {
    return (
      <SignatureInput name="ownerSignature" label={firstPlaceOf('ownerSignature').formLabel} />
    );
  }
  const stored = horse?.ownerSignature;
  return stored ? (
    <img src={stored.url} alt="Owner signature" className="signature-thumb" />
  ) : (
    <p className="text-body-secondary mb-0">No signature on record.</p>
  );
});
