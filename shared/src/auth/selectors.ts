import type { AuthState } from './auth-store';

// Remotes read the session through these so a component re-renders only for the slice it uses.
export const selectUser = (state: AuthState) => state.user;
export const selectIsLoggedIn = (state: AuthState) => state.isLoggedIn;
export const selectToken = (state: AuthState) => state.token;
