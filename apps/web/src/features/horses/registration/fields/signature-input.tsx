import { memo } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { SignatureField } from '../../../../components/signature-field';
import type { HorseFormValues } from '../form-values';
import { fieldId } from '../registration-context';

/** A signature (owner's or account holder's): a PNG data URL held in the form (useController). */
export const SignatureInput = memo(function SignatureInput({
  name,
  label,
}: {
  name: 'ownerSignature' | 'billingInfo.accountHolderSignature';
  label: string;
}) {
  const { control } = useFormContext<HorseFormValues>();
  const { field, fieldState } = useController({ control, name });
  return (
    <SignatureField
      id={fieldId(name)}
      name={field.name}
      label={label}
      required
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(dataUrl) => field.onChange(dataUrl)}
      buttonRef={field.ref}
      error={fieldState.error?.message}
    />
  );
});
