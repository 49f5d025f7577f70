import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { selectIsLoggedIn, useAuthStore } from '@pricewatch/shared/auth';
import { LoginScreen } from '../features/login/components/login-screen';
import { RemoteErrorBoundary } from '../features/remote-loader/components/remote-error-boundary';
import { PageLoading } from '../components/page-loading';
import { PageLoadFailure } from '../components/page-load-failure';
import { loadSignedInApp } from './load-signed-in-app';
import { PrefetchWhenIdle } from './prefetch-when-idle';
import { toLoginState } from '../features/session/return-path';

const SignedInApp = lazy(loadSignedInApp);

/**
 * Spec §2 routes. /login is part of the first download; every other route belongs to the signed-in
 * app, loaded on demand (signed-in-app.tsx registers the remote routes the deployment enables).
 * Without a session, any other path goes to /login before anything more is downloaded, carrying the
 * address so that the login comes back to it (issue 18).
 */
export function AppRoutes() {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const location = useLocation();
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <>
            <LoginScreen />
            <PrefetchWhenIdle load={loadSignedInApp} />
          </>
        }
      />
      <Route
        path="*"
        element={
          loggedIn ? (
            <RemoteErrorBoundary fallback={() => <PageLoadFailure />}>
              <Suspense fallback={<PageLoading />}>
                <SignedInApp />
              </Suspense>
            </RemoteErrorBoundary>
          ) : (
            <Navigate to="/login" replace state={toLoginState(location)} />
          )
        }
      />
    </Routes>
  );
}
