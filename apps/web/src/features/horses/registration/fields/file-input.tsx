import { memo, useMemo } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { FileField, type CurrentFile } from '../../../../components/file-field';
import { isImageFile, type FileRef } from '../../../../lib/horse-types';
import type { HorseFormValues } from '../form-values';
import { fieldId, useRegistration } from '../registration-context';
import type { HorseFieldName } from './use-field-error';

export interface FileInputProps {
  name: HorseFieldName;
  label: string;
  accept: string;
  multiple?: boolean;
  required?: boolean;
  hint?: string;
  /** What the stored horse already has for this field. */
  current?: FileRef | readonly FileRef[] | null | undefined;
  className?: string;
}

const NO_FILES: File[] = [];

function toCurrent(current: FileInputProps['current']): CurrentFile[] | undefined {
  if (!current) return undefined;
  const refs = Array.isArray(current) ? current : [current as FileRef];
  return refs.map((ref) => ({ name: ref.name, url: ref.url, image: isImageFile(ref) }));
}

/** A file or multi-file field held in the form as File | null or File[] (useController). */
export const FileInput = memo(function FileInput({
  name,
  label,
  accept,
  multiple = false,
  required,
  hint,
  current,
  className,
}: FileInputProps) {
  const { control } = useFormContext<HorseFormValues>();
  const { readOnly } = useRegistration();
  const { field, fieldState } = useController({ control, name });
  const value = field.value as unknown;
  const files = useMemo<File[]>(() => {
    if (Array.isArray(value)) return value.filter((f): f is File => f instanceof Blob);
    return value instanceof Blob ? [value as File] : NO_FILES;
  }, [value]);
  const currentFiles = useMemo(() => toCurrent(current), [current]);
  return (
    <FileField
      id={fieldId(name)}
      name={field.name}
      label={label}
      accept={accept}
      multiple={multiple}
      files={files}
      onChange={(next) => field.onChange(multiple ? next : (next[0] ?? null))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
      hint={hint}
      required={required}
      disabled={readOnly}
      current={currentFiles}
      className={className}
    />
  );
});
