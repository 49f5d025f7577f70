// Test helpers for the shared package, the host and every remote (jest + @testing-library/react).
import { act, fireEvent, render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { Resource } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { useAuthStore } from '../auth/auth-store';
import type { Deployment } from '../contract/deployment';
import { userSchema, type User } from '../contract/user';
import { setDeployment } from '../deployment/deployment-config';
import { initI18nForTests } from '../i18n/init-i18n-for-tests';
import { UiProvider } from '../ui/ui-provider';

/** The Czech deployment of spec §1 (country cz, default language en, no old site in demo). */
export const DEMO_DEPLOYMENT: Deployment = {
  country: 'cz',
  defaultLanguage: 'en',
  languages: ['en', 'ru', 'ua'],
  favicon: '/favicon.ico',
  oldSiteUrl: null,
  apiServers: [''],
  remotes: {
    exports: '/remotes/exports/mf-manifest.json',
    leaflets: '/remotes/leaflets/mf-manifest.json',
    alarms: '/remotes/alarms/mf-manifest.json',
    parsers: '/remotes/parsers/mf-manifest.json',
    users: '/remotes/users/mf-manifest.json',
  },
  timeZone: 'Europe/Prague',
};

/** The token a user given to renderWithProviders is logged in with. */
export const TEST_TOKEN = 'test-token';

/**
 * A valid User (a plain provider-staff user with no network) with `overrides` on top; validated by
 * userSchema, so defaults of network.exportDetails are filled in as the server's would be.
 */
export function makeUser(overrides: Partial<User> = {}): User {
  return userSchema.parse({
    _id: 'user-1',
    username: 'user',
    name: 'Test User',
    roles: [],
    isAdmin: false,
    isGuest: false,
    isOperatorAdmin: false,
    isNetworkAdmin: false,
    isMetro: false,
    isAshan: false,
    network: null,
    ...overrides,
  });
}

export type RenderWithProvidersOptions = Omit<RenderOptions, 'wrapper'> & {
  /** Initial location of the MemoryRouter. */
  route?: string;
  /** A route pattern (e.g. '/product/:id') to render `ui` under, so useParams works. */
  path?: string;
  /** Logged-in user; null or absent = logged out. */
  user?: User | null;
  deployment?: Partial<Deployment>;
  /** UI language; defaults to the deployment's default language. */
  language?: string;
  /** i18next resources `{ en: { translation: {...}, alarms: {...} } }`; none = keys render as-is. */
  resources?: Resource;
};

/**
 * Renders `ui` as the app would: Chakra system, the one i18n instance (synchronously, from
 * `resources`), a MemoryRouter at `route`, a fresh auth store and the deployment set.
 */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}): RenderResult {
  const { route = '/', path, user = null, deployment, language, resources, ...renderOptions } = options;
  const fullDeployment: Deployment = { ...DEMO_DEPLOYMENT, ...deployment };
  setDeployment(fullDeployment);
  const i18n = initI18nForTests(resources ?? {}, language ?? fullDeployment.defaultLanguage);
  useAuthStore.setState({
    token: user ? TEST_TOKEN : null,
    user,
    isLoggedIn: !!user,
    status: 'idle',
    checked: true,
  });

  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <UiProvider>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={[route]}>
            {path ? (
              <Routes>
                <Route path={path} element={children} />
              </Routes>
            ) : (
              children
            )}
          </MemoryRouter>
        </I18nextProvider>
      </UiProvider>
    );
  }
  return render(ui, { wrapper: Wrapper, ...renderOptions });
}
/**
 * Types a day into a DateField as the user sees it (11/10/2026 in en, 10.11.2026 in ru) and leaves the
 * field, which is when the field reads it. One input event: the field refuses pasted multi-character input.
 */
export async function typeDate(input: HTMLElement, text: string): Promise<void> {
  // The field reports the day a moment later (a microtask): act waits for it and its re-render.
  await act(async () => {
    fireEvent.focus(input);
    fireEvent.input(input, { target: { value: text } });
    fireEvent.blur(input);
  });
}

export { remoteTranslationTests } from './translation-files';
