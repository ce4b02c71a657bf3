import { createContext, useContext, useSyncExternalStore } from 'react';
import type { TrackedUpload, UploadTracker } from './upload-tracker';

/** The form's background uploads; absent where a form does not upload ahead (tests of parts). */
export const UploadContext = createContext<UploadTracker | null>(null);

export function useUploadTracker(): UploadTracker | null {
  return useContext(UploadContext);
}

/** Re-renders on every upload change; answers the upload of `file`, if any. */
export function useTrackedUpload(
  tracker: UploadTracker | null,
  file: File,
): TrackedUpload | undefined {
  useSyncExternalStore(
    tracker?.subscribe ?? noSubscribe,
    tracker?.getVersion ?? zero,
    tracker?.getVersion ?? zero,
  );
  return tracker?.get(file);
}

const noSubscribe = () => () => undefined;
const zero = () => 0;
