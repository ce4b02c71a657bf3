import type { ComponentProps, Ref } from 'react';
import { CFormInput } from '@coreui/react';
import { LabelledField, errorProps } from './labelled-field';

export interface TextFieldProps extends Omit<
  ComponentProps<typeof CFormInput>,
  'label' | 'id' | 'invalid'
> {
  id: string;
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose error is announced with it (aria-describedby), not just coloured. */
export function TextField({ id, label, error, className, ref, ...input }: TextFieldProps) {
  return (
    <LabelledField id={id} label={label} error={error} className={className}>
      <CFormInput ref={ref} id={id} {...errorProps(id, error)} {...input} />
    </LabelledField>
  );
}
