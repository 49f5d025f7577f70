import { Navigate, Route, Routes } from 'react-router-dom';
import { getDeployment } from '@pricewatch/shared/deployment';
import { LoginScreen } from '../features/login/components/login-screen';
import { RequireAuth } from '../features/session/components/require-auth';
import { ShellLayout } from '../features/shell/components/shell-layout';
import { RemoteScreen } from '../features/remote-loader/components/remote-screen';
import { isRemoteEnabled, REMOTE_ROUTES, type RemoteRoute } from './routes';

const screen = (r: RemoteRoute) => (
  <Route key={r.path} path={r.path} element={<RemoteScreen remote={r.remote} module={r.module} />} />
);

/** Spec §2 routes. A route whose remote the deployment disables is not registered at all. */
export function AppRoutes() {
  const { remotes } = getDeployment();
  const enabled = REMOTE_ROUTES.filter((r) => isRemoteEnabled(remotes, r.remote));
  return (
    <Routes>
      <Route path="/login" element={<LoginScreen />} />
      <Route element={<RequireAuth />}>
        {enabled.filter((r) => !r.shell).map(screen)}
        <Route element={<ShellLayout />}>{enabled.filter((r) => r.shell).map(screen)}</Route>
      </Route>
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}
