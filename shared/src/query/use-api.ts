import { useCallback, useId, useRef, useSyncExternalStore } from 'react';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { ApiError, isApiError } from '../api/api-error';
import { dataLanguage, subscribeDataLanguage } from '../api/data-language';
import { queryKeys } from '../api/query-keys';
import { queryClient } from './query-client';

export type ApiState<T> = {
  /** The last answer; kept while the next one loads, so a table does not blink between pages. */
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
};

export type ApiOptions<T> = {
  /**
   * Polling: ms until the next load after each answer, or false to stop (the work is done). `failed`:
   * the last load failed after its retries (network, 5xx); the error is shown either way.
   */
  refetchInterval?: (data: T | undefined, failed: boolean) => number | false;
  /** false: a new key starts empty instead of showing the last key's answer while it loads. */
  keepPrevious?: boolean;
};

/** Any failure as an ApiError (a thrown non-ApiError is "service unavailable"). */
export function asApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  return new ApiError({ status: 0, messageKey: 'service_unavailable', message: String(error), cause: error });
}

/** A react-query result as the screens' ApiState. */
export function toApiState<T>(q: UseQueryResult<T, unknown>, polling = false): ApiState<T> {
  // A poll's background loads are not "loading": the screen keeps its rows and controls still.
  const loading = q.isFetching && (!polling || q.data === undefined || q.isPlaceholderData);
  return { data: q.data, error: q.error ? asApiError(q.error) : undefined, loading, reload: q.refetch as unknown as () => void };
}

/**
 * The screens' loading hook, on react-query: runs `fetcher` whenever `key` changes (and on reload());
 * answers to an older key never show, the last answer stays while the next loads. `key` null =
 * nothing to load yet. A change of the UI language loads again: the server answers names in it.
 * A string key is the calling component's own entry (queryKeys.screen); a key from queryKeys is one
 * entry shared by every component that asks for it (one request, one poll).
 */
export function useApi<T>(key: string | readonly unknown[] | null, fetcher: () => Promise<T>, options: ApiOptions<T> = {}): ApiState<T> {
  const owner = useId();
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const lang = useSyncExternalStore(subscribeDataLanguage, dataLanguage, dataLanguage);
  const { refetchInterval, keepPrevious = true } = options;
  const q = useQuery(
    {
      queryKey: typeof key === 'string' || key === null ? queryKeys.screen(owner, key ?? '', lang) : [...key, lang],
      queryFn: async () => {
        try {
          return await fetcherRef.current();
        } catch (error) {
          throw asApiError(error);
        }
      },
      enabled: key !== null,
      placeholderData: keepPrevious ? keepPreviousData : undefined,
      // A component's own entry is gone once it unmounts or moves to another key.
      gcTime: typeof key === 'string' ? 0 : undefined,
      refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data as T | undefined, query.state.status === 'error') : false,
    },
    queryClient,
  );
  const state = toApiState(q, Boolean(refetchInterval));
  const { refetch } = q;
  const reload = useCallback(() => void refetch(), [refetch]);
  if (key === null) return { data: undefined, error: undefined, loading: false, reload };
  return { ...state, reload };
}
