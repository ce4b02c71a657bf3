import { memo } from 'react';
import { CheckboxInput } from '../fields/checkbox-input';
import { TermsText } from './agreement-texts';

/** Spec §2.6 item 15. */
export const CertificationSection = memo(function CertificationSection() {
  return (
    <>
      <TermsText />
      <CheckboxInput
        name="checkedOwnerInfo"
        label="I certify that the owner information and everything else in this registration is true and correct, and I agree to the registry's terms and conditions."
        required
      />
    </>
  );
});
