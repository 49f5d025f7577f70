import { create } from 'zustand';
import type { User } from '../contract/user';
import { ApiError, SERVICE_UNAVAILABLE } from '../api/api-error';
import { apiGet, apiPost } from '../api/request';
import { linkSession } from '../api/session-link';
import { readStoredToken, readStoredUser, removeStoredSession, storeToken, storeUser } from './auth-storage';

export type AuthStatus = 'idle' | 'requesting';

export type AuthState = {
  token: string | null;
  user: User | null;
  isLoggedIn: boolean;
  /** Spec §4 Login: "idle, then requesting (button disabled)". */
  status: AuthStatus;
  /** False until the stored session has been verified by check() (or replaced by login/clear). */
  checked: boolean;
  login(username: string, password: string): Promise<User>;
  check(): Promise<boolean>;
  logout(): Promise<void>;
  setToken(token: string): void;
  clear(): void;
};

type AuthData = Pick<AuthState, 'token' | 'user' | 'isLoggedIn' | 'status' | 'checked'>;

/**
 * Spec §4: "Stored user data is restored on start-up and then re-verified with the server." A stored
 * token with its user counts as logged in until check() says otherwise (checked: false meanwhile).
 */
export function storedAuthState(): AuthData {
  const token = readStoredToken();
  const user = token ? readStoredUser() : null;
  return { token, user, isLoggedIn: !!(token && user), status: 'idle', checked: false };
}

const LOGGED_OUT: Omit<AuthData, 'status'> = { token: null, user: null, isLoggedIn: false, checked: true };

type AuthSchemas = typeof import('../contract/auth');
let schemas: Promise<AuthSchemas> | null = null;

/**
 * The zod schemas of the login and check answers, fetched on first use: zod is not needed before the
 * login form works (docs/bytes.md). Started together with the request, so it adds no wait; a failed
 * download is tried again next time.
 */
function authSchemas(): Promise<AuthSchemas> {
  if (!schemas) {
    schemas = import('../contract/auth');
    schemas.catch(() => {
      schemas = null;
    });
  }
  return schemas;
}

function malformedAnswer(status = 200): ApiError {
  return new ApiError({ status, messageKey: SERVICE_UNAVAILABLE, message: 'Unexpected answer from the server' });
}

/** The one session store of the product; it lives in the shared singleton so host and remotes share it. */
export const useAuthStore = create<AuthState>()((set, get) => ({
  ...storedAuthState(),

  async login(username, password) {
    set({ status: 'requesting' });
    try {
      const loading = authSchemas();
      const answer = await apiPost('/auth/login', { username, password });
      const parsed = (await loading).loginResponseSchema.safeParse(answer);
      if (!parsed.success) throw malformedAnswer();
      const { token, user } = parsed.data.data;
      storeToken(token);
      storeUser(user);
      set({ token, user, isLoggedIn: true, status: 'idle', checked: true });
      return user;
    } catch (error) {
      // Spec §8 "Failed login: stored token and user data removed; failure reported".
      get().clear();
      set({ status: 'idle' });
      throw error instanceof ApiError ? error : malformedAnswer(0);
    }
  },

  async check() {
    if (!get().token) {
      get().clear();
      return false;
    }
    try {
      const loading = authSchemas();
      const answer = await apiGet('/auth/check');
      const parsed = (await loading).checkResponseSchema.safeParse(answer);
      if (!parsed.success) throw malformedAnswer();
      storeUser(parsed.data.data);
      set({ user: parsed.data.data, isLoggedIn: true, checked: true });
      return true;
    } catch {
      // Spec §4: "if the check errors, remove auth_token and data and go to login" — network errors too.
      get().clear();
      return false;
    }
  },

  async logout() {
    const { token } = get();
    if (token) {
      try {
        await apiPost('/api/v1/auth/logout', { token });
      } catch {
        // The session ends locally whatever the server says (revoked already, unreachable).
      }
    }
    get().clear();
  },

  setToken(token) {
    // SET_AUTH_TOKEN from the old design (spec §2 Login): store it; the host then runs check().
    storeToken(token);
    set({ token, checked: false });
  },

  clear() {
    removeStoredSession();
    set({ ...LOGGED_OUT });
  },
}));

// The API client reads the token from, and drops it through, this store (see api/session-link.ts).
linkSession({
  getToken: () => useAuthStore.getState().token,
  clear: () => useAuthStore.getState().clear(),
});
