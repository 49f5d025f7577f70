import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuthStore } from '@pricewatch/shared/auth';
import { getDeployment } from '@pricewatch/shared/deployment';
import { startupTarget } from '@pricewatch/shared/permissions';
import { redirectToExternal } from '../../../lib/external-redirect';
import { returnPathOf } from '../return-path';
import { enabledStartPath } from '../start-path';

/**
 * Spec §2 "Start-up navigation" for a logged-in user: an external target (an admin sent to the old
 * design) ends the session here first — logged-in flag and stored token cleared — then leaves the app.
 * An address opened while logged out (carried in the login's navigation state) is where it goes back.
 */
export function useEnterApp(): () => void {
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  return useCallback(() => {
    const { user, token, clear } = useAuthStore.getState();
    if (!user) return;
    const deployment = getDeployment();
    const target = startupTarget(user, {
      country: deployment.country,
      oldSiteUrl: deployment.oldSiteUrl,
      pathname,
      token,
      returnTo: returnPathOf(state),
    });
    if (target.kind === 'external') {
      clear();
      redirectToExternal(target.url);
      return;
    }
    navigate(enabledStartPath(target.path, user, deployment), { replace: true });
  }, [navigate, pathname, state]);
}
