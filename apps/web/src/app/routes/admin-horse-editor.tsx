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

const HorseRegistrationModal = lazyWithPreload(
  () => import('../../features/horses/registration/horse-registration-modal'),
);

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

/**
 * The edit form reads the horse through the server-data cache, which the sign-in pages' entry
 * must not carry (docs/decisions/0098-admin-screens-reuse-the-registration-modal.md): it is its own
 * chunk, fetched when an edit opens.
 */
const AdminHorseEditForm = lazyWithPreload(() => import('./admin-horse-edit-form'));

function AdminHorseEditor(props: HorseEditorProps) {
  if (!props.horseId) return null;
  // The form's chunk is fetched alongside, not after the editor's.
  void HorseRegistrationModal.preload();
  return (
    <Suspense fallback={null}>
      <AdminHorseEditForm {...props} />
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
