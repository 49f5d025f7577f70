import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError, isApiError } from './api-error';
import { dataLanguage, subscribeDataLanguage } from './data-language';

export type ApiState<T> = {
  /** The last answer; kept while the next one loads, so a table does not blink between pages. */
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
};

/** Any failure as an ApiError (a thrown non-ApiError is "service unavailable"). */
export function asApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  return new ApiError({ status: 0, messageKey: 'service_unavailable', message: String(error), cause: error });
}

/**
 * The screens' loading hook: runs `fetcher` whenever `key` changes (and on reload()); answers to an
 * older key are dropped, so fast filter changes never show stale rows. `key` null = nothing to load yet.
 * A change of the UI language loads again: the server answers names in it.
 */
export function useApi<T>(key: string | null, fetcher: () => Promise<T>): ApiState<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: key !== null });
  const [attempt, setAttempt] = useState(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const lang = useSyncExternalStore(subscribeDataLanguage, dataLanguage, dataLanguage);

  useEffect(() => {
    if (key === null) {
      setState({ loading: false });
      return;
    }
    let current = true;
    setState((s) => ({ data: s.data, loading: true }));
    fetcherRef.current().then(
      (data) => current && setState({ data, loading: false }),
      (error: unknown) => current && setState({ error: asApiError(error), loading: false }),
    );
    return () => {
      current = false;
    };
  }, [key, attempt, lang]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
