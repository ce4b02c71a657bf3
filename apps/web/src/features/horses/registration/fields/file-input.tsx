import { memo, useCallback, useMemo } from 'react';
import { UPLOAD_FIELDS } from '@registry/domain';
import { useController, useFormContext } from 'react-hook-form';
import { FileField, type CurrentFile } from '../../../../components/file-field';
import { isImageFile, type FileRef } from '../../../../lib/horse-types';
import type { HorseFormValues } from '../form-values';
import { fieldId, useRegistration } from '../registration-context';
import type { HorseFieldName } from './use-field-error';
import { scaleMarkingPhoto } from '../../photo-scaling';
import { useUploadTracker } from '../../uploads/upload-context';
import { UploadStatus } from '../../uploads/upload-status';
import { uploadFieldOf } from '../../uploads/upload-field';

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
  const tracker = useUploadTracker();
  const uploadField = uploadFieldOf(name);
  const marking = uploadField === UPLOAD_FIELDS.markingDocuments;
  /**
   * A new selection: marking photos are scaled down first (phone photos), then every new file
   * starts uploading at once and every dropped one is cancelled.
   */
  const change = useCallback(
    async (next: File[]) => {
      const prepared = marking
        ? await Promise.all(next.map((f) => (files.includes(f) ? f : scaleMarkingPhoto(f))))
        : next;
      field.onChange(multiple ? prepared : (prepared[0] ?? null));
      if (!tracker || !uploadField) return;
      for (const old of files) if (!prepared.includes(old)) tracker.cancel(old);
      for (const file of prepared) if (!files.includes(file)) tracker.start(uploadField, file);
    },
    [field, files, marking, multiple, tracker, uploadField],
  );
  const renderStatus = useCallback(
    (file: File) => (tracker ? <UploadStatus tracker={tracker} file={file} /> : null),
    [tracker],
  );
  return (
    <FileField
      id={fieldId(name)}
      name={field.name}
      label={label}
      accept={accept}
      multiple={multiple}
      files={files}
      onChange={(next) => void change(next)}
      renderStatus={renderStatus}
      {...(marking ? { cameraLabel: 'Take a photo' } : {})}
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
