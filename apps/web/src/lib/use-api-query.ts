import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from './api-client';

export interface ApiQuery<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` whenever `key` changes (or `reload` is called), aborting the previous request.
 * The last data stays while a new request runs, so lists do not flash empty between pages.
 *
 * Only for the signed-out pages (set-password, verify): they do not load the server-data cache,
 * which joins the store with the first signed-in page. Signed-in screens read endpoints of
 * `stores/server-api.ts` (docs/decisions.md, "Server data through RTK Query").
 */
export function useApiQuery<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): ApiQuery<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({
    loading: true,
  });

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ data: previous.data, loading: true }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, loading: false });
      },
      (error: ApiError) => {
        if (!controller.signal.aborted) {
          setState((previous) => ({ data: previous.data, error, loading: false }));
        }
      },
    );
    return () => controller.abort();
  }, [key, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
