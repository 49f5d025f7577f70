import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectIsLoggedIn, useAuthStore } from '@pricewatch/shared/auth';
import { useSessionRecheck } from '../hooks/use-session-recheck';
import { toLoginState } from '../return-path';

/** Spec §2 "Not logged in … go to /login" — and back here after the login (issue 18). */
export function RequireAuth() {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const location = useLocation();
  useSessionRecheck();
  return loggedIn ? <Outlet /> : <Navigate to="/login" replace state={toLoginState(location)} />;
}
