import './file-field.css';
import './form-field.css';
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { CButton, CFormInput, CFormLabel, CFormText } from '@coreui/react';

/** A file already stored on the server, shown beside the input (edit and view modes). */
export interface CurrentFile {
  name: string;
  url: string;
  image?: boolean;
}

/**
 * A file the field lists without holding its bytes (one already on the server: a finished
 * upload, a stored photo): shown with its name and size, removable and replaceable like a
 * chosen one. `url` shows an image's thumbnail.
 */
export interface ListedFile {
  id: string;
  name: string;
  size: number;
  url?: string;
  image?: boolean;
}

/** What a field's list holds: files chosen in this page, and files listed from the server. */
export type FieldFile = File | ListedFile;

const isChosen = (file: FieldFile): file is File => file instanceof Blob;

export interface FileFieldProps<F extends FieldFile = File> {
  id: string;
  name: string;
  label: string;
  accept?: string;
  /** Several files; each pick adds to the selection instead of replacing it. */
  multiple?: boolean;
  files: readonly F[];
  onChange: (files: F[]) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  current?: readonly CurrentFile[];
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  /** Shown in a chosen file's row: its upload's progress, Cancel, Retry or the server's reason. */
  renderStatus?: (file: F) => ReactNode;
  /** Offers a "Take a photo" button that opens the phone's camera (input `capture`). */
  cameraLabel?: string;
  /** Each listed file gets a Replace button: a new pick takes its place in the list. */
  replaceable?: boolean;
  /**
   * With `multiple`, a button that opens the file picker to add files, shown instead of the
   * browser's own input (which stays for focus and errors): the list is what the field holds.
   */
  addLabel?: string;
}

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

function isImage(file: File): boolean {
  return file.type.startsWith('image/') || /\.(png|jpe?g|gif|webp)$/i.test(file.name);
}

/** Object URLs for the chosen images, revoked when the selection changes or the field goes. */
function usePreviewUrls(files: readonly FieldFile[]): Map<FieldFile, string> {
  const [urls, setUrls] = useState<Map<FieldFile, string>>(() => new Map());
  useEffect(() => {
    const next = new Map<FieldFile, string>();
    for (const file of files) {
      if (!isChosen(file)) {
        if (file.image && file.url) next.set(file, file.url);
        continue;
      }
      if (!isImage(file)) continue;
      try {
        next.set(file, URL.createObjectURL(file));
      } catch {
        // No preview where the platform cannot make one (old browsers, tests).
      }
    }
    setUrls(next);
    return () => {
      for (const [file, url] of next) if (isChosen(file)) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}

/**
 * Keeps the browser's own input showing the selection the field holds ("4 files" after two
 * picks, "No file chosen" after Remove). Where DataTransfer is missing, an empty selection
 * at least clears the input.
 */
function useSyncedInputFiles(ref: RefObject<HTMLInputElement | null>, files: readonly FieldFile[]) {
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    if (typeof DataTransfer === 'function') {
      try {
        const transfer = new DataTransfer();
        for (const file of files) if (isChosen(file)) transfer.items.add(file);
        input.files = transfer.files;
        return;
      } catch {
        // Fall through: browsers that cannot build a FileList.
      }
    }
    if (files.length === 0) input.value = '';
  }, [ref, files]);
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/**
 * A labelled file input listing the chosen files with image previews, a remove button per
 * file and the stored files of an edited record. The selection lives in `files`, which the
 * owner keeps; with `multiple`, each pick adds to it.
 */
const keyOf = (file: FieldFile) =>
  isChosen(file) ? `${file.name}-${file.size}-${file.lastModified}` : `listed-${file.id}`;

export function FileField<F extends FieldFile = File>({
  id,
  name,
  label,
  accept,
  multiple = false,
  files,
  onChange,
  onBlur,
  error,
  hint,
  required,
  disabled,
  current,
  inputRef,
  className,
  renderStatus,
  cameraLabel,
  replaceable = false,
  addLabel,
}: FileFieldProps<F>) {
  const localRef = useRef<HTMLInputElement | null>(null);
  const previews = usePreviewUrls(files);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');

  const setRefs = useMemo(
    () => (element: HTMLInputElement | null) => {
      localRef.current = element;
      if (typeof inputRef === 'function') inputRef(element);
      else if (inputRef) inputRef.current = element;
    },
    [inputRef],
  );

  useSyncedInputFiles(localRef, files);

  const remove = (file: F) => onChange(files.filter((f) => f !== file));
  // Picks are always Files; F admits File (the default F, or a field that also lists files).
  const pick = (picked: File[]) => {
    if (picked.length === 0) return;
    if (!multiple) {
      onChange(picked.slice(0, 1) as F[]);
      return;
    }
    const fresh = picked.filter((p) => !files.some((f) => isChosen(f) && sameFile(f, p)));
    onChange([...files, ...(fresh as F[])]);
  };
  const replace = (file: F, picked: File | undefined) => {
    if (!picked) return;
    onChange(files.map((f) => (f === file ? (picked as F) : f)));
  };
  const addButton = multiple && addLabel && !disabled;

  return (
    <div className={className}>
      <CFormLabel htmlFor={id} className={required ? 'required-mark' : undefined}>
        {label}
      </CFormLabel>
      <CFormInput
        ref={setRefs}
        type="file"
        className={addButton ? 'visually-hidden' : undefined}
        id={id}
        name={name}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy || undefined}
        onBlur={onBlur}
        onChange={(event) => pick(Array.from(event.target.files ?? []))}
      />
      {addButton && (
        <CButton
          type="button"
          color="primary"
          variant="outline"
          size="sm"
          className="mt-2 me-2"
          onClick={() => localRef.current?.click()}
        >
          {addLabel}
        </CButton>
      )}
      {cameraLabel && !disabled && (
        <label className="btn btn-outline-primary btn-sm mt-2">
          {cameraLabel}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="visually-hidden"
            onChange={(event) => {
              pick(Array.from(event.target.files ?? []));
              event.target.value = '';
            }}
          />
        </label>
      )}
      {hint && (
        <CFormText id={hintId} className="d-block">
          {hint}
        </CFormText>
      )}
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      {files.length > 0 && (
        <ul className="file-list list-unstyled mt-2 mb-0" aria-label="Chosen files">
          {files.map((file) => {
            const preview = previews.get(file);
            return (
              <li key={keyOf(file)} className="d-flex flex-wrap align-items-center gap-2 mb-1">
                {preview && <img src={preview} alt="" className="file-thumb" />}
                <span className="text-break small">
                  {file.name} <span className="text-body-secondary">({formatSize(file.size)})</span>
                </span>
                {renderStatus?.(file)}
                {!disabled && (
                  <span className="ms-auto d-flex gap-1">
                    {replaceable && (
                      <label className="btn btn-ghost-secondary btn-sm mb-0">
                        Replace<span className="visually-hidden"> {file.name}</span>
                        <input
                          type="file"
                          accept={accept}
                          className="visually-hidden"
                          onChange={(event) => {
                            replace(file, event.target.files?.[0]);
                            event.target.value = '';
                          }}
                        />
                      </label>
                    )}
                    <CButton
                      type="button"
                      size="sm"
                      color="secondary"
                      variant="ghost"
                      onClick={() => remove(file)}
                    >
                      Remove<span className="visually-hidden"> {file.name}</span>
                    </CButton>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {current && current.length > 0 && (
        <div className="current-files small mt-2">
          <span className="text-body-secondary">
            {current.length === 1 ? 'Current file: ' : 'Current files: '}
          </span>
          <ul className="list-inline d-inline mb-0">
            {current.map((file) => (
              <li key={file.url} className="list-inline-item">
                <a href={file.url} target="_blank" rel="noopener noreferrer">
                  {file.image ? (
                    <img src={file.url} alt={file.name} className="file-thumb" />
                  ) : (
                    file.name
                  )}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
