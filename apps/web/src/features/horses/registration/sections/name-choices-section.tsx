import { memo } from 'react';
import { TextInput } from '../fields/text-input';

/** Spec §2.6 item 9 (hidden in edit mode): the registry picks the horse's name from these. */
export const NameChoicesSection = memo(function NameChoicesSection() {
  return (
    <>
      <p className="small text-body-secondary mb-2">
        Give three names in order of preference; the registry assigns one at approval.
      </p>
      <div className="row g-3">
        <TextInput className="col-md-4" name="firstChoice" label="First Choice" required />
        <TextInput className="col-md-4" name="secondChoice" label="Second Choice" required />
        <TextInput className="col-md-4" name="thirdChoice" label="Third Choice" required />
      </div>
    </>
  );
});
