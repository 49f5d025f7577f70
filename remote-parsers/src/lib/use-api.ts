import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isApiError } from '@pricewatch/shared/api';

export type ApiState<T> = { data: T | undefined; error: ApiError | undefined; loading: boolean; reload: () => void };

export function asApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  return new ApiError({ status: 0, messageKey: 'service_unavailable', message: String(error), cause: error });
}

/** Runs `fetcher` whenever `key` changes; answers to an older key are dropped. */
export function useApi<T>(key: string, fetcher: () => Promise<T>): ApiState<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: true });
  const [attempt, setAttempt] = useState(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  useEffect(() => {
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
