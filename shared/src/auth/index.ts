export { STORAGE_KEYS, readStoredToken, readStoredUser } from './auth-storage';
export { useAuthStore, storedAuthState } from './auth-store';
export type { AuthState, AuthStatus } from './auth-store';
export { selectUser, selectIsLoggedIn, selectToken, selectAuthStatus, selectChecked } from './selectors';
