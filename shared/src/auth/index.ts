export { STORAGE_KEYS } from './auth-storage';
export { useAuthStore } from './auth-store';
export type { AuthState, AuthStatus } from './auth-store';
export { selectUser, selectIsLoggedIn, selectToken } from './selectors';
