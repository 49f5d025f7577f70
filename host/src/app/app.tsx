import { SessionGate } from '../features/session/components/session-gate';
import { useUnauthorizedRedirect } from '../features/session/hooks/use-unauthorized-redirect';
import { AppRoutes } from './router';

export function App() {
  useUnauthorizedRedirect();
  return (
    <SessionGate>
      <AppRoutes />
    </SessionGate>
  );
}
