import { useEffect, useRef } from 'react';
import { useAuthStore } from '@pricewatch/shared/auth';
import { peekDeployment } from '@pricewatch/shared/deployment';

type TokenMessage = { type: 'SET_AUTH_TOKEN'; token: string };

function isTokenMessage(data: unknown): data is TokenMessage {
  const m = data as Partial<TokenMessage> | null;
  return !!m && typeof m === 'object' && m.type === 'SET_AUTH_TOKEN' && typeof m.token === 'string' && m.token !== '';
}

/**
 * Only the old design itself (the deployment's oldSiteUrl) or this app's own origin may hand over a
 * session: any other page that opens or frames the app must not log the user into a session of its own.
 */
export function isTrustedOrigin(origin: string, oldSiteUrl: string | null | undefined): boolean {
  if (origin === window.location.origin) return true;
  if (!oldSiteUrl) return false;
  try {
    return new URL(oldSiteUrl).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Spec §2: the old-design site hands its session over with a window message {type:'SET_AUTH_TOKEN'};
 * the token is stored under auth_token, TOKEN_SET is answered to the sender, and a token the server
 * accepts continues into the app.
 */
export function useTokenBridge(onVerified: () => Promise<void> | void): void {
  const verified = useRef(onVerified);
  verified.current = onVerified;
  useEffect(() => {
    const onMessage = async (event: MessageEvent) => {
      if (!isTokenMessage(event.data)) return;
      if (!isTrustedOrigin(event.origin, peekDeployment()?.oldSiteUrl)) return;
      const { setToken, check } = useAuthStore.getState();
      setToken(event.data.token);
      (event.source as Window | null)?.postMessage({ type: 'TOKEN_SET' }, event.origin);
      if (await check().catch(() => false)) await verified.current();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}
