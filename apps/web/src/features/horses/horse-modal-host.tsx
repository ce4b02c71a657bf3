import { Suspense, useEffect } from 'react';
import type { HorseFormMode } from '@registry/domain';
import type { Horse } from '../../lib/horse-types';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { useHorse } from './api/use-horses';

/** The form is its own chunk: lists and dashboards load without it. */
export const HorseRegistrationModal = lazyWithPreload(
  () => import('./registration/horse-registration-modal'),
);

export interface HorseModalState {
  mode: HorseFormMode;
  horseId?: string;
}

/**
 * Opens the registration modal; for view and edit it first fetches the horse, so its file
 * links (signed, expiring) are fresh.
 */
export function HorseModalHost({
  state,
  onClose,
  onSaved,
}: {
  state: HorseModalState | null;
  onClose: () => void;
  onSaved?: (horse: Horse) => void;
}) {
  const horseId = state && state.mode !== 'register' ? (state.horseId ?? null) : null;
  const { data, error, loading } = useHorse(horseId);
  useEffect(() => {
    void HorseRegistrationModal.preload();
  }, []);
  if (!state) return null;
  const horse = horseId && data && data._id === horseId ? data : null;
  // A local boundary: the page stays on screen while the form's chunk arrives.
  return (
    <Suspense fallback={null}>
      <HorseRegistrationModal
        visible
        mode={state.mode}
        horse={horse}
        loading={loading}
        loadError={error?.error ?? null}
        onClose={onClose}
        onSaved={onSaved}
      />
    </Suspense>
  );
}
