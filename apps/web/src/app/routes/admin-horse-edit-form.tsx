import { Suspense } from 'react';
import { useAdminHorse } from '../../features/admin-horses/api';
import { api, type UploadProgress } from '../../lib/api-client';
import type { HorseEditorProps } from '../../lib/horse-editor';
import type { Horse } from '../../lib/horse-types';
import { lazyWithPreload } from '../../lib/lazy-with-preload';

const HorseRegistrationModal = lazyWithPreload(
  () => import('../../features/horses/registration/horse-registration-modal'),
);

/** PUT admin/horses/:id: the member's edit form, sent to the administrators' route. */
function saveAsAdmin(id: string, body: FormData, onProgress: (percent: number) => void) {
  return api.put<Horse>(`admin/horses/${encodeURIComponent(id)}`, body, {
    onUploadProgress: (event: UploadProgress) => {
      if (event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
}

/**
 * The registration modal in edit mode for any horse, loaded from the admin route. Its own chunk
 * (admin-horse-editor.tsx loads it when an edit opens): the cached query it reads must not
 * bring RTK Query into the entry
 * (docs/decisions/0098-admin-screens-reuse-the-registration-modal.md).
 */
export default function AdminHorseEditForm({ horseId, onClose, onSaved }: HorseEditorProps) {
  const { data, error, loading } = useAdminHorse(horseId);
  if (!horseId) return null;
  // Not while a fetch runs: a cached copy being refetched (after a save) may be the old record,
  // and the form keeps the values it opened with (as the member's horse-modal-host.tsx).
  const horse = data && data._id === horseId && !loading ? data : null;
  return (
    <Suspense fallback={null}>
      <HorseRegistrationModal
        visible
        mode="edit"
        horse={horse}
        loading={loading}
        loadError={error?.error ?? null}
        saveEdit={saveAsAdmin}
        onClose={onClose}
        onSaved={onSaved}
      />
    </Suspense>
  );
}
