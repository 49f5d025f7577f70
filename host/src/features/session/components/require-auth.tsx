import { Navigate, Outlet } from 'react-router-dom';
import { selectIsLoggedIn, useAuthStore } from '@pricewatch/shared/auth';
import { useSessionRecheck } from '../hooks/use-session-recheck';

/** Spec §2 "Not logged in … go to /login". */
export function RequireAuth() {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  useSessionRecheck();
  return loggedIn ? <Outlet /> : <Navigate to="/login" replace />;
}
