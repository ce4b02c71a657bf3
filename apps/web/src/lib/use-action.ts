import { useState } from 'react';
import type { ApiError } from './api-client';

export interface Action {
  /** True while a `run` is under way: buttons disable, dialogs cannot be closed. */
  busy: boolean;
  /** The last failure's message (the server's, or one given to `fail`); null after a new run. */
  error: string | null;
  /**
   * Runs `work` once at a time: clears the error, sets busy, and keeps a rejection's message
   * (`ApiError.error`, or `describe`'s text for it: null when the failure shows elsewhere, such
   * as under a field) instead of throwing. Resolves true when `work` succeeded.
   */
  run: (work: () => Promise<unknown>) => Promise<boolean>;
  /** A refusal found before calling the server (nothing chosen yet); null clears. Stable. */
  fail: (message: string | null) => void;
}

/**
 * The one way a screen runs an action with a busy flag and an error message
 * (docs/decisions/0080-forms-on-react-hook-form.md): forms on react-hook-form use its
 * `isSubmitting` instead.
 */
export function useAction(
  describe: (failure: ApiError) => string | null = (failure) => failure.error,
): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      return true;
    } catch (caught) {
      setError(describe(caught as ApiError));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run, fail: setError };
}
