import { Suspense } from 'react';
import type { HorseFormMode } from '@registry/domain';
import { OpeningSpinner } from '../../components/opening-spinner';
import type { Horse } from '../../lib/horse-types';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { useHorse } from './api/use-horses';

/**
 * The form is its own chunk (with its fields, zod and the upload code it weighs more than the
 * list itself): lists and dashboards load without it. It is fetched when the member shows an
 * intent to open it (pointer over or focus on a button that opens it: preloadHorseForm) or,
 * at the latest, when it opens (docs/decisions/0062-code-fetched-on-intent.md).
 */
export const HorseRegistrationModal = lazyWithPreload(
  () => import('./registration/horse-registration-modal'),
);

/** Starts fetching the form; for the buttons that open it (pointer over, focus). */
export function preloadHorseForm(): void {
  void HorseRegistrationModal.preload();
}

export interface HorseModalState {
  mode: HorseFormMode;
  horseId?: string;
  /** Register mode: continue this draft instead of starting fresh. */
  draftId?: string;
}

/**
 * Opens the registration modal; for view and edit it first fetches the horse, so its file
 * links (signed, expiring) are fresh.
 */
export function HorseModalHost({
  state,
  onClose,
  onSaved,
  transition,
}: {
  state: HorseModalState | null;
  onClose: () => void;
  onSaved?: (horse: Horse) => void;
  /** False: shown at once, no fade (a page that is the form). */
  transition?: boolean;
}) {
  const horseId = state && state.mode !== 'register' ? (state.horseId ?? null) : null;
  const { data, error, loading } = useHorse(horseId);
  if (!state) return null;
  // Not while a fetch runs: a cached copy being refetched (after a save) may be the old record,
  // and the form keeps the values it opened with.
  const horse = horseId && data && data._id === horseId && !loading ? data : null;
  // A local boundary: the page stays on screen while the form's chunk arrives.
  return (
    <Suspense fallback={<OpeningSpinner label="Opening the form…" />}>
      <HorseRegistrationModal
        visible
        mode={state.mode}
        draftId={state.draftId}
        horse={horse}
        loading={loading}
        loadError={error?.error ?? null}
        onClose={onClose}
        onSaved={onSaved}
        transition={transition}
      />
    </Suspense>
  );
}
