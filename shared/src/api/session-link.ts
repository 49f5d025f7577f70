import { readStoredToken, removeStoredSession } from '../auth/auth-storage';

/**
 * What the client needs from the session: the token for every call and a way to drop it on 401.
 * The auth store links itself here when it loads; this indirection keeps api free of an import cycle
 * with auth (whose actions call api). Until then the stored token is used directly.
 */
export type SessionLink = { getToken(): string | null; clear(): void };

let link: SessionLink = { getToken: readStoredToken, clear: removeStoredSession };

export function linkSession(next: SessionLink): void {
  link = next;
}

export function session(): SessionLink {
  return link;
}
