import type { ReactNode } from 'react';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import { getDeployment } from '@pricewatch/shared/deployment';
import { screenAccess, type ScreenAccess } from '@pricewatch/shared/permissions';
import { NoAccess } from './no-access';

/**
 * A screen the user may not use (screenAccess: the server's rule for its routes) is not even loaded:
 * one translated message says so, instead of a screen whose every call is refused (issue 13).
 */
export function ScreenGuard({ screen, children }: { screen: keyof ScreenAccess; children: ReactNode }) {
  const user = useAuthStore(selectUser);
  if (!screenAccess(user, getDeployment().country)[screen]) return <NoAccess screen={screen} />;
  return <>{children}</>;
}
