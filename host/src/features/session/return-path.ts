import type { Location } from 'react-router-dom';

/**
 * Issue 18: the address a logged-out user opened travels to /login in the navigation state, and the
 * login continues there (startupTarget's returnTo). Navigation state rather than a `?next=` query:
 * it never shows in the address bar, and another site cannot put it in a link.
 */
export type LoginState = { from: string };

export function toLoginState(location: Pick<Location, 'pathname' | 'search' | 'hash'>): LoginState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** The address carried to /login, if any (startupTarget checks that it is one of this app). */
export function returnPathOf(state: unknown): string | null {
  const from = (state as Partial<LoginState> | null)?.from;
  return typeof from === 'string' ? from : null;
}
