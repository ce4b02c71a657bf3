import { memo } from 'react';
import { FileInput } from '../fields/file-input';
import { useRegistration } from '../registration-context';

/** Spec §2.6 item 6. Required unless an edited horse already has one (the files' table). */
export const RegistrationDocumentSection = memo(function RegistrationDocumentSection() {
  const { mode, horse } = useRegistration();
  const stored = horse?.registrationDocument ?? null;
  return (
    <FileInput
      name="registrationDocument"
      hint={
        mode === 'edit' && stored
          ? 'PDF, DOC, DOCX, JPEG, JPG or PNG, 10MB max. A new file replaces the current one.'
          : 'PDF, DOC, DOCX, JPEG, JPG or PNG, 10MB max.'
      }
    />
  );
});
