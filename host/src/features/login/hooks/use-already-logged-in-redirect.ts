import { useEffect, useRef } from 'react';
import { useAuthStore } from '@pricewatch/shared/auth';
import { LOGIN_REDIRECT_DELAY_MS } from '@pricewatch/shared/format';

/**
 * Spec §2: "If the user is already logged in when the screen opens, it redirects after 100 ms."
 * Judged once, when the screen opens: a login made on the screen redirects by itself.
 */
export function useAlreadyLoggedInRedirect(enterApp: () => void): void {
  const enter = useRef(enterApp);
  enter.current = enterApp;
  useEffect(() => {
    if (!useAuthStore.getState().isLoggedIn) return;
    const timer = setTimeout(() => enter.current(), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
}
