import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isApiError } from '@pricewatch/shared/api';

export type ApiState<T> = { data: T | undefined; error: ApiError | undefined; loading: boolean; reload: () => void };

/** Any failure as an ApiError (a thrown non-ApiError is "service unavailable"). */
export function asApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  return new ApiError({ status: 0, messageKey: 'service_unavailable', message: String(error), cause: error });
}

/**
 * Runs `fetcher` whenever `key` changes (and on reload()); answers to an older key are dropped. The
 * previous data stays while the next answer is on its way, so tables do not flash empty when paging.
 * `key` null = do not load (nothing to ask yet).
 */
export function useApi<T>(key: string | null, fetcher: () => Promise<T>): ApiState<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: key !== null });
  const [attempt, setAttempt] = useState(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
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
  }, [key, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
