import type { User } from '../contract/user';

/** Spec §3 "Local storage keys: auth_token, data, selected-lang". */
export const STORAGE_KEYS = { token: 'auth_token', user: 'data', lang: 'selected-lang' } as const;

// localStorage is absent in node test environments and may throw (privacy modes, quota): never fatal.
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStoredToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.token) || null;
}

const FLAGS = ['isAdmin', 'isGuest', 'isOperatorAdmin', 'isNetworkAdmin', 'isMetro', 'isAshan'] as const;

/**
 * The shape of a stored User, checked by hand: this runs at start-up, before the login form, where zod
 * is not loaded (docs/bytes.md). What was stored came from a zod-parsed server answer, and the session
 * check at start-up replaces it with a freshly parsed one.
 */
function isStoredUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const u = value as Record<string, unknown>;
  const network = u.network;
  return (
    typeof u._id === 'string' &&
    typeof u.username === 'string' &&
    typeof u.name === 'string' &&
    Array.isArray(u.roles) &&
    u.roles.every((r) => typeof r === 'string') &&
    FLAGS.every((flag) => typeof u[flag] === 'boolean') &&
    (network === null || (typeof network === 'object' && !Array.isArray(network)))
  );
}

/** The stored user, or null when absent or not a valid User (old or hand-edited data is not trusted). */
export function readStoredUser(): User | null {
  const raw = storage()?.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  try {
    storage()?.setItem(STORAGE_KEYS.token, token);
  } catch {
    // quota or privacy mode: the session then lasts as long as the page
  }
}

export function storeUser(user: User): void {
  try {
    storage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  } catch {
    // as above
  }
}

/** Spec §4/§8: a failed login, a failed check, logout and a 401 remove auth_token and data. */
export function removeStoredSession(): void {
  const s = storage();
  s?.removeItem(STORAGE_KEYS.token);
  s?.removeItem(STORAGE_KEYS.user);
}
