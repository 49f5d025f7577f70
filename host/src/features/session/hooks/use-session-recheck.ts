import { useEffect } from 'react';
import { useAuthStore } from '@pricewatch/shared/auth';

/**
 * A session can end elsewhere (logout in another tab, a blocked user, a revoked token). When the user
 * comes back to the tab the session is verified again, so a dead one leads to /login at once instead
 * of at the next call (spec §4: a failed check removes token and user data).
 */
export function useSessionRecheck(): void {
  useEffect(() => {
    let running = false;
    const recheck = () => {
      if (document.visibilityState !== 'visible' || running) return;
      const { isLoggedIn, check } = useAuthStore.getState();
      if (!isLoggedIn) return;
      running = true;
      void check()
        .catch(() => useAuthStore.getState().clear())
        .finally(() => {
          running = false;
        });
    };
    document.addEventListener('visibilitychange', recheck);
    window.addEventListener('focus', recheck);
    return () => {
      document.removeEventListener('visibilitychange', recheck);
      window.removeEventListener('focus', recheck);
    };
  }, []);
}
