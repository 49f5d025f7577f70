import { screen } from '@testing-library/react';
import { useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { selectUser } from '../../auth/selectors';
import { useAuthStore } from '../../auth/auth-store';
import { deploymentSchema } from '../../contract/deployment';
import { userSchema } from '../../contract/user';
import { getDeployment } from '../../deployment/deployment-config';
import { DEMO_DEPLOYMENT, makeUser, renderWithProviders, TEST_TOKEN } from '../index';

function Probe() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const params = useParams();
  const user = useAuthStore(selectUser);
  return (
    <ul>
      <li data-testid="path">{location.pathname}</li>
      <li data-testid="id">{params.id ?? '-'}</li>
      <li data-testid="user">{user?.name ?? 'nobody'}</li>
      <li data-testid="greeting">{t('greeting')}</li>
      <li data-testid="lang">{i18n.language}</li>
    </ul>
  );
}

describe('renderWithProviders', () => {
  it('renders at the route, under the path pattern, with the user, language and deployment', () => {
    renderWithProviders(<Probe />, {
      route: '/product/42',
      path: '/product/:id',
      user: makeUser({ name: 'Olena' }),
      language: 'ua',
      resources: { ua: { translation: { greeting: 'Вітаємо' } } },
      deployment: { country: 'ua' },
    });
    expect(screen.getByTestId('path')).toHaveTextContent('/product/42');
    expect(screen.getByTestId('id')).toHaveTextContent('42');
    expect(screen.getByTestId('user')).toHaveTextContent('Olena');
    expect(screen.getByTestId('greeting')).toHaveTextContent('Вітаємо');
    expect(screen.getByTestId('lang')).toHaveTextContent('ua');
    expect(getDeployment()).toEqual({ ...DEMO_DEPLOYMENT, country: 'ua' });
    expect(useAuthStore.getState()).toMatchObject({ token: TEST_TOKEN, isLoggedIn: true });
  });

  it('defaults to logged out, /, the Czech deployment and key fallback', () => {
    useAuthStore.setState({ token: 'left-over', user: makeUser(), isLoggedIn: true });
    renderWithProviders(<Probe />);
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
    expect(screen.getByTestId('id')).toHaveTextContent('-');
    expect(screen.getByTestId('user')).toHaveTextContent('nobody');
    expect(screen.getByTestId('greeting')).toHaveTextContent('greeting');
    expect(screen.getByTestId('lang')).toHaveTextContent('en');
    expect(getDeployment().country).toBe('cz');
    expect(useAuthStore.getState()).toMatchObject({ token: null, isLoggedIn: false });
  });
});

describe('fixtures', () => {
  it('DEMO_DEPLOYMENT is a valid Czech deployment with default language en (spec §1)', () => {
    expect(deploymentSchema.parse(DEMO_DEPLOYMENT)).toEqual(DEMO_DEPLOYMENT);
    expect(DEMO_DEPLOYMENT).toMatchObject({ country: 'cz', defaultLanguage: 'en' });
  });

  it('makeUser builds a valid user with overrides', () => {
    const user = makeUser({ name: 'Admin', isAdmin: true, roles: ['admin'] });
    expect(userSchema.safeParse(user).success).toBe(true);
    expect(user).toMatchObject({ name: 'Admin', isAdmin: true, roles: ['admin'], network: null });
  });

  it('makeUser rejects an invalid override', () => {
    expect(() => makeUser({ isAdmin: 'yes' as unknown as boolean })).toThrow();
  });
});
