import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { HorseDraftSummary } from '@registry/domain';
import { afterPaintIsShown } from '../../../lib/after-next-paint';
import { useAppDispatch } from '../../../stores/hooks';
import { readDraft, readDrafts, removeDraft, saveDraft } from './drafts-api';
import type { UploadTracker } from '../uploads/upload-tracker';
import { draftBodyOf, mergeDraftValues, restoreDraftUploads } from './draft-values';
import { newDraftId } from './new-draft-id';

/** Saved this long after the last change (issue 14 item 5: "debounced"). */
export const DRAFT_SAVE_DELAY_MS = 1500;
/** A failed save is tried again after this long, or at the next change. */
const RETRY_MS = 10_000;

export type DraftStatus = 'idle' | 'loading' | 'saving' | 'saved' | 'error';

export interface RegisterDraft {
  /** Whether this form keeps a draft at all (a member registering; not the office, not edits). */
  enabled: boolean;
  /** The draft the form saves to; sent with the registration, which removes it. */
  id: string;
  /** The member's latest draft, offered to continue when the form opened fresh. */
  offer: HorseDraftSummary | null;
  status: DraftStatus;
  /** When the server last stored this form's draft (ISO). */
  savedAt: string | null;
  /** Something was typed since the form opened. */
  touched: () => boolean;
  /** Typed changes the server does not have yet. */
  unsaved: () => boolean;
  continueDraft: (id: string) => Promise<void>;
  dismissOffer: () => void;
  /** Saves now what is pending (closing, the tab going to the background). */
  flush: () => Promise<void>;
  /** No draft saves from now on (the registration is being sent); waits for one in flight. */
  pause: () => Promise<void>;
  resume: () => void;
}

/**
 * Keeps the Register Horse form's draft on the server as the member types
 * (docs/decisions/0072-drafts-on-the-server.md): one draft per opening of the form, saved
 * DRAFT_SAVE_DELAY_MS after the last change and at once when the tab is hidden. Only changes the
 * member makes count: a profile prefill or a loaded draft alone saves nothing.
 */
export function useRegisterDraft<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  options: {
    enabled: boolean;
    draftId?: string | undefined;
    /** The form's background uploads: a draft names the finished ones (draft-values.ts). */
    uploads?: UploadTracker | null | undefined;
  },
): RegisterDraft {
  const { enabled, uploads } = options;
  const { watch, getValues, reset } = form;
  const dispatch = useAppDispatch();
  const [id, setId] = useState(() => options.draftId ?? newDraftId());
  const idRef = useRef(id);
  const [offer, setOffer] = useState<HorseDraftSummary | null>(null);
  const [status, setStatus] = useState<DraftStatus>(options.draftId ? 'loading' : 'idle');
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const touchedRef = useRef(false);
  const dirtyRef = useRef(false);
  const pausedRef = useRef(!enabled);
  const lastSavedRef = useRef<string | null>(null);
  const inFlightRef = useRef<Promise<void> | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timerRef.current);
    if (pausedRef.current || !dirtyRef.current) return;
    if (inFlightRef.current) {
      await inFlightRef.current;
      return flush();
    }
    const body = draftBodyOf(getValues(), uploads ?? undefined);
    const json = JSON.stringify(body);
    dirtyRef.current = false;
    if (json === lastSavedRef.current) return;
    setStatus('saving');
    const draftId = idRef.current;
    const request = saveDraft(draftId, body).then(
      ({ data }) => {
        lastSavedRef.current = json;
        if (idRef.current !== draftId) return;
        setSavedAt(data.updatedAt);
        setStatus(dirtyRef.current ? 'saving' : 'saved');
      },
      () => {
        dirtyRef.current = true;
        setStatus('error');
        timerRef.current = setTimeout(() => void flush(), RETRY_MS);
      },
    );
    inFlightRef.current = request;
    await request;
    inFlightRef.current = null;
  }, [getValues, uploads]);

  // Member changes (typing, choosing, signing) schedule a save; setValue and reset do not.
  // `touched` counts in every mode (an edit asks before closing too); saves only with a draft.
  useEffect(() => {
    const subscription = watch((_values, info) => {
      if (info.type !== 'change') return;
      touchedRef.current = true;
      if (!enabled) return;
      dirtyRef.current = true;
      clearTimeout(timerRef.current);
      timerRef.current = setTimeout(() => void flush(), DRAFT_SAVE_DELAY_MS);
    });
    return () => subscription.unsubscribe();
  }, [enabled, watch, flush]);

  // A file chosen while typing finishes uploading later: the draft then saves its upload id.
  useEffect(() => {
    if (!enabled || !uploads) return;
    return uploads.onDone(() => {
      if (!touchedRef.current) return;
      dirtyRef.current = true;
      clearTimeout(timerRef.current);
      timerRef.current = setTimeout(() => void flush(), DRAFT_SAVE_DELAY_MS);
    });
  }, [enabled, uploads, flush]);

  // A phone switching apps may never come back to this tab: save when it is hidden.
  useEffect(() => {
    if (!enabled) return;
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onHidden);
      clearTimeout(timerRef.current);
    };
  }, [enabled, flush]);

  const load = useCallback(
    async (draftId: string) => {
      setStatus('loading');
      try {
        const data = await dispatch(readDraft(draftId)).unwrap();
        const merged = mergeDraftValues(getValues() as Record<string, unknown>, data.values);
        // Its finished uploads go back into their fields, as uploaded files.
        const values = restoreDraftUploads(merged, Array.isArray(data.uploads) ? data.uploads : []);
        reset(values as T, { keepDefaultValues: true });
        lastSavedRef.current = JSON.stringify(draftBodyOf(getValues(), uploads ?? undefined));
        idRef.current = draftId;
        setId(draftId);
        setSavedAt(data.updatedAt);
        setStatus('saved');
      } catch {
        setStatus('error');
      }
    },
    [dispatch, getValues, reset, uploads],
  );

  // Opened on a draft (My Horses, Continue): load it. Opened fresh: offer the latest one.
  const initialDraft = options.draftId;
  useEffect(() => {
    if (!enabled) return;
    if (initialDraft) {
      void load(initialDraft);
      return;
    }
    // Not aborted when closed: My Horses' list may be waiting on the same request. Asked once
    // the form has painted: the offer is not needed for the first paint.
    let open = true;
    const cancel = afterPaintIsShown(() => {
      void dispatch(readDrafts())
        .unwrap()
        .then((data) => {
          if (open) setOffer(Array.isArray(data) ? (data[0] ?? null) : null);
        })
        .catch(() => undefined);
    });
    return () => {
      open = false;
      cancel();
    };
  }, [enabled, initialDraft, load, dispatch]);

  const continueDraft = useCallback(
    async (draftId: string) => {
      setOffer(null);
      clearTimeout(timerRef.current);
      await inFlightRef.current;
      // What this opening saved before the member chose to continue is dropped with it.
      const started = lastSavedRef.current !== null ? idRef.current : null;
      dirtyRef.current = false;
      await load(draftId);
      if (started && started !== draftId) {
        void dispatch(removeDraft(started))
          .unwrap()
          .catch(() => undefined);
      }
    },
    [load, dispatch],
  );

  const pause = useCallback(async () => {
    pausedRef.current = true;
    clearTimeout(timerRef.current);
    await inFlightRef.current;
  }, []);
  const resume = useCallback(() => {
    pausedRef.current = !enabled;
  }, [enabled]);

  return {
    enabled,
    id,
    offer,
    status,
    savedAt,
    touched: () => touchedRef.current,
    unsaved: () => dirtyRef.current || inFlightRef.current !== null,
    continueDraft,
    dismissOffer: () => setOffer(null),
    flush,
    pause,
    resume,
  };
}
