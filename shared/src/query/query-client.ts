import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import { useAuthStore } from '../auth/auth-store';

/** Retries after a network failure or a 5xx answer; never after 4xx (the same request fails again). */
export const QUERY_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES || !isApiError(error)) return false;
  return error.status === 0 || error.status >= 500;
}

/** 0.5 s, then 1 s: a blip passes, a dead server shows its error within two seconds. */
export const retryDelay = (attempt: number) => 500 * 2 ** attempt;

/**
 * The page's one QueryClient. It lives in @pricewatch/shared, a Module Federation singleton, so the
 * host and every remote hold the same instance and the same cache; the host provides it with
 * <QueryProvider>. Focus does not refetch: analysts switch windows all day and every screen would load
 * again each time.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, retryDelay, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** Forgets every answer: the next user may see other shops (spec §3 "cached for the session"). */
export function clearSessionData(): void {
  queryClient.cancelQueries().catch(() => undefined);
  queryClient.clear();
}

// The session ends (logout, a failed check, a 401) or another user logs in: the token changes.
useAuthStore.subscribe((next, prev) => {
  if (next.token !== prev.token || next.user?.name !== prev.user?.name) clearSessionData();
});
