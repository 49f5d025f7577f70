import { makeUser } from '../../testing';
import { useAuthStore } from '../auth-store';
import { selectIsLoggedIn, selectToken, selectUser } from '../selectors';

it('selectors read their slice of the one store', () => {
  const user = makeUser({ name: 'Sel' });
  useAuthStore.setState({ token: 't-sel', user, isLoggedIn: true });
  const state = useAuthStore.getState();
  expect(selectUser(state)).toBe(user);
  expect(selectToken(state)).toBe('t-sel');
  expect(selectIsLoggedIn(state)).toBe(true);
});
