import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { api, type UploadProgress } from '../../lib/api-client';
import {
  HorseEditorContext,
  type HorseEditorProps,
  type HorseForms,
  type HorseRegistrarProps,
} from '../../lib/horse-editor';
import type { Horse } from '../../lib/horse-types';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { useApiQuery } from '../../lib/use-api-query';

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

function registerFor(ownerId: string) {
  return (body: FormData, onProgress: (percent: number) => void) =>
    api.post<Horse>(`admin/horses?ownerId=${encodeURIComponent(ownerId)}`, body, {
      onUploadProgress: (event: UploadProgress) => {
        if (event.total) onProgress(Math.round((event.loaded / event.total) * 100));
      },
    });
}

/** The registration modal in register mode without payment, for a chosen member. */
function AdminHorseRegistrar({ ownerId, onClose, onSaved }: HorseRegistrarProps) {
  if (!ownerId) return null;
  return (
    <Suspense fallback={null}>
      <HorseRegistrationModal
        visible
        mode="register"
        saveRegister={registerFor(ownerId)}
        onBehalfOf={ownerId}
        onClose={onClose}
        onSaved={onSaved}
      />
    </Suspense>
  );
}

const FORMS: HorseForms = { Editor: AdminHorseEditor, Registrar: AdminHorseRegistrar };

/** The registration modal in edit mode for any horse, loaded from the admin route. */
function AdminHorseEditor({ horseId, onClose, onSaved }: HorseEditorProps) {
  const { data, error, loading } = useApiQuery(`admin-edit:${horseId ?? ''}`, (signal) =>
    horseId
      ? api.get<Horse>(`admin/horses/${horseId}`, undefined, { signal }).then((r) => r.data)
      : Promise.resolve(null),
  );
  if (!horseId) return null;
  return (
    <Suspense fallback={null}>
      <HorseRegistrationModal
        visible
        mode="edit"
        horse={data && data._id === horseId ? data : null}
        loading={loading}
        loadError={error?.error ?? null}
        saveEdit={saveAsAdmin}
        onClose={onClose}
        onSaved={onSaved}
      />
    </Suspense>
  );
}

/** Gives the admin pages the horse editor (features may not import each other). */
export function AdminHorseEditorProvider() {
  return (
    <HorseEditorContext.Provider value={FORMS}>
      <Outlet />
    </HorseEditorContext.Provider>
  );
}
