import type { User } from '@pricewatch/shared/contract';
import { useAuthStore } from '@pricewatch/shared/auth';

const real = useAuthStore.getState();
const realActions = { login: real.login, check: real.check, logout: real.logout, setToken: real.setToken, clear: real.clear };

/** Puts the store's real actions back (tests replace some with mocks). */
export function restoreAuthActions(): void {
  useAuthStore.setState(realActions);
}

/** A login that succeeds as the server's would: token and user in the store. */
export function succeedingLogin(user: User) {
  return jest.fn(async () => {
    useAuthStore.setState({ token: 'new-token', user, isLoggedIn: true, status: 'idle', checked: true });
    return user;
  });
}

/** A check() that accepts the token as `user`. */
export function acceptingCheck(user: User) {
  return jest.fn(async () => {
    useAuthStore.setState({ user, isLoggedIn: true, checked: true });
    return true;
  });
}
