import { memo } from 'react';
import { fileKindLabel, firstPlaceOf, valueAtPath, type FileRef } from '@registry/domain';
import { SignatureInput } from '../fields/signature-input';
import { useRegistration } from '../registration-context';

/** The drawn signature's place in the files' table (domain horse/file-slots.ts). */
const SIGNATURE = firstPlaceOf('ownerSignature');

/**
 * Spec §2.6 item 16, not in edit mode: drawn when registering; in view mode the stored
 * signature is shown.
 */
export const OwnerSignatureSection = memo(function OwnerSignatureSection() {
  const { mode, horse } = useRegistration();
  if (mode === 'register') {
    return <SignatureInput name="ownerSignature" label={SIGNATURE.formLabel} />;
  }
  const stored = valueAtPath(horse, SIGNATURE.path) as FileRef | null | undefined;
  return stored ? (
    <img src={stored.url} alt={fileKindLabel(SIGNATURE.kind)} className="signature-thumb" />
  ) : (
    <p className="text-body-secondary mb-0">No signature on record.</p>
  );
});
