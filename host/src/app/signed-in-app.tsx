import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { getDeployment } from '@pricewatch/shared/deployment';
import { QueryProvider } from '@pricewatch/shared/query';
import { Toaster, UiProvider } from '@pricewatch/shared/ui';
import { RequireAuth } from '../features/session/components/require-auth';
import { ShellLayout } from '../features/shell/components/shell-layout';
import { RemoteScreen } from '../features/remote-loader/components/remote-screen';
import { ScreenGuard } from '../features/screen-access/components/screen-guard';
import { PageLoading } from '../components/page-loading';
import { isRemoteEnabled, REMOTE_ROUTES, type RemoteRoute } from '../lib/routes';

// The home page's chunk (with the chart library) is fetched only when it is opened.
const HomePage = lazy(() => import('../features/home/components/home-page'));

const screen = (r: RemoteRoute) => {
  const remote = <RemoteScreen remote={r.remote} module={r.module} />;
  return <Route key={r.path} path={r.path} element={r.access ? <ScreenGuard screen={r.access}>{remote}</ScreenGuard> : remote} />;
};

/**
 * Everything behind the login (a chunk of its own, see load-signed-in-app.ts): the page's QueryClient
 * (shared with every remote), the Chakra provider and toaster, the shell and the spec §2 remote routes. A route whose remote the deployment disables
 * is not registered at all, so its address leads back to /login (and from there to the start page); a
 * route the user may not use shows one message instead of its screen (ScreenGuard).
 */
export default function SignedInApp() {
  const { remotes } = getDeployment();
  const enabled = REMOTE_ROUTES.filter((r) => isRemoteEnabled(remotes, r.remote));
  return (
    <QueryProvider>
      <UiProvider>
        <Routes>
          <Route element={<RequireAuth />}>
            {enabled.filter((r) => !r.shell).map(screen)}
            <Route element={<ShellLayout />}>
              <Route
                path="home"
                element={
                  <Suspense fallback={<PageLoading />}>
                    <HomePage />
                  </Suspense>
                }
              />
              {enabled.filter((r) => r.shell).map(screen)}
            </Route>
          </Route>
          <Route path="*" element={<Navigate to="/login" replace />} />
        </Routes>
        <Toaster />
      </UiProvider>
    </QueryProvider>
  );
}
