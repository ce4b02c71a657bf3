import { memo, useCallback, useMemo } from 'react';
import { fileAccept, fileSlotAt, valueAtPath } from '@registry/domain';
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
import { isHeldFile, isStoredFile, type HeldFile, type StoredFile } from '../../uploads/held-files';

export interface FileInputProps {
  /** A place of the files' table (domain horse/file-slots.ts): its label, types and count. */
  name: HorseFieldName;
  hint?: string;
  /**
   * What the stored horse already has for this field, when the form does not hold it (marking
   * photos an edit may not change one by one); a one-file field shows the stored file it holds.
   */
  current?: FileRef | readonly FileRef[] | null | undefined;
  className?: string;
  /** Each listed file can be replaced by a new pick, in its place (marking photos). */
  replaceable?: boolean;
  /** With `multiple`: the button that adds files (marking photos). */
  addLabel?: string;
}

/** What the field lists: files chosen here, and files held by id (uploads/held-files.ts). */
type Listed = File | HeldFile;

const NO_FILES: Listed[] = [];

const isListed = (value: unknown): value is Listed => value instanceof Blob || isHeldFile(value);

function toCurrent(current: FileInputProps['current'] | StoredFile): CurrentFile[] | undefined {
  if (!current) return undefined;
  if (isStoredFile(current))
    return [{ name: current.name, url: current.url, image: current.image }];
  const refs = Array.isArray(current) ? current : [current as FileRef];
  return refs.map((ref) => ({ name: ref.name, url: ref.url, image: isImageFile(ref) }));
}

/** A file or multi-file field held in the form as File | null or File[] (useController). */
export const FileInput = memo(function FileInput({
  name,
  hint,
  current,
  className,
  replaceable,
  addLabel,
}: FileInputProps) {
  const place = fileSlotAt(name);
  if (!place) throw new Error(`${name} is not a place of the files' table`);
  const { formLabel: label, multiple } = place;
  const accept = fileAccept(place.rule);
  const { control, formState } = useFormContext<HorseFormValues>();
  const { readOnly } = useRegistration();
  const { field, fieldState } = useController({ control, name });
  const value = field.value as unknown;
  // A one-file field of an edit starts holding the stored file (form-values.ts,
  // withStoredFiles): it shows as the current file, not as a pick; a new pick replaces it in
  // the value (the current file stays shown, as the one the pick replaces), and removing that
  // pick brings it back, since the edit keeps the stored file unless a new one is sent.
  const storedAtFirst = multiple ? undefined : valueAtPath(formState.defaultValues, name);
  const stored = isStoredFile(storedAtFirst) ? storedAtFirst : null;
  const files = useMemo<Listed[]>(() => {
    if (Array.isArray(value)) return value.filter(isListed);
    return isListed(value) && !isStoredFile(value) ? [value] : NO_FILES;
  }, [value]);
  const currentFiles = useMemo(() => toCurrent(current ?? stored), [current, stored]);
  // Marked required where the files' table requires a file (requiredUnlessStored) and the field
  // shows no stored one: an edit keeps a stored file it sends nothing for.
  const required = place.requiredUnlessStored && !currentFiles?.length;
  const tracker = useUploadTracker();
  const uploadField = uploadFieldOf(name);
  // Photos of the markings are scaled down and may be taken with the camera.
  const marking = place.rule === 'marking';
  /**
   * A new selection: marking photos are scaled down first (phone photos), then every new file
   * starts uploading at once and every dropped one is cancelled; a dropped upload a draft
   * brought back is removed from the server too. A dropped stored photo goes when the edit is
   * saved (docs/api.md "Edit").
   */
  const change = useCallback(
    async (next: Listed[]) => {
      const isNew = (f: Listed): f is File => f instanceof Blob && !files.includes(f);
      // Awaited only when a new photo is scaled: a removal lands at once, before the next click.
      const prepared =
        marking && next.some(isNew)
          ? await Promise.all(next.map((f) => (isNew(f) ? scaleMarkingPhoto(f) : f)))
          : next;
      field.onChange(multiple ? prepared : (prepared[0] ?? stored));
      if (!tracker || !uploadField) return;
      for (const old of files) {
        if (prepared.includes(old)) continue;
        if (old instanceof Blob) tracker.cancel(old);
        else if (old.held === 'upload') tracker.discard(old.id);
      }
      for (const file of prepared) {
        if (file instanceof Blob && !files.includes(file)) tracker.start(uploadField, file);
      }
    },
    [field, files, marking, multiple, stored, tracker, uploadField],
  );
  const renderStatus = useCallback(
    (file: Listed) => {
      if (file instanceof Blob)
        return tracker ? <UploadStatus tracker={tracker} file={file} /> : null;
      return (
        <span className="small text-success text-nowrap">
          {file.held === 'upload' ? 'Uploaded' : 'Saved'}
        </span>
      );
    },
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
      replaceable={replaceable}
      {...(addLabel ? { addLabel } : {})}
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
