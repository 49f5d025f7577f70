import { useEffect, useState, type ReactNode } from 'react';
import { useAuthStore } from '@pricewatch/shared/auth';
import { PageLoading } from '../../../components/page-loading';
import { loadSessionData } from '../load-session-data';

/**
 * Spec §4: the stored user is restored at start-up and then re-verified with the server. While the
 * stored token is being checked nothing route-dependent renders, so no screen flashes for a session
 * that turns out to be dead. A failed or erroring check leaves the store logged out (the routes then
 * send the user to /login).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const [checking, setChecking] = useState(() => Boolean(useAuthStore.getState().token));

  useEffect(() => {
    if (!checking) return;
    let live = true;
    const { check, clear } = useAuthStore.getState();
    check()
      .then((ok) => {
        if (ok) void loadSessionData();
      })
      .catch(() => clear()) // spec §8: a check error clears auth_token and data
      .finally(() => {
        if (live) setChecking(false);
      });
    return () => {
      live = false;
    };
    // Runs once, at start-up only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (checking) return <PageLoading />;
  return <>{children}</>;
}
