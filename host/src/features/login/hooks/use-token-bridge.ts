import { useEffect, useRef } from 'react';
import { useAuthStore } from '@pricewatch/shared/auth';

type TokenMessage = { type: 'SET_AUTH_TOKEN'; token: string };

function isTokenMessage(data: unknown): data is TokenMessage {
  const m = data as Partial<TokenMessage> | null;
  return !!m && typeof m === 'object' && m.type === 'SET_AUTH_TOKEN' && typeof m.token === 'string' && m.token !== '';
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
      const { setToken, check } = useAuthStore.getState();
      setToken(event.data.token);
      // An opaque origin ('null': sandboxed frame, file:) cannot be targeted by name.
      const targetOrigin = !event.origin || event.origin === 'null' ? '*' : event.origin;
      (event.source as Window | null)?.postMessage({ type: 'TOKEN_SET' }, targetOrigin);
      if (await check().catch(() => false)) await verified.current();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}
