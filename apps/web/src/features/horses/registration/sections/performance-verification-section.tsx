import { memo } from 'react';
import { FEES, REGISTRATION_FIELDS, YES_NO } from '@registry/domain';
import { ChoiceGroup } from '../fields/choice-group';
import { useRegistration } from '../registration-context';

/** Spec §2.6 item 4 (not in edit mode). */
export const PerformanceVerificationSection = memo(function PerformanceVerificationSection() {
  const { horse } = useRegistration();
  return (
    <>
      <p className="small mb-2">
        Performance verification carries a verification fee of ${FEES.verification}. After approval
        by the commissioner, the registration of a verified horse carries a VERIFIED stamp.
      </p>
      {horse?.verified === 'Yes' && (
        <p className="mb-2">
          <span className="badge bg-success-subtle text-success-emphasis border border-success-subtle">
            VERIFIED
          </span>
        </p>
      )}
      <ChoiceGroup
        name="performanceVerification"
        legend={REGISTRATION_FIELDS.performanceVerification.question}
        options={YES_NO}
        required
      />
    </>
  );
});
