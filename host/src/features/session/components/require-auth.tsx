import { Navigate, Outlet } from 'react-router-dom';
import { selectIsLoggedIn, useAuthStore } from '@pricewatch/shared/auth';

/** Spec §2 "Not logged in … go to /login". */
export function RequireAuth() {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  return loggedIn ? <Outlet /> : <Navigate to="/login" replace />;
}
