// Development only: a bare frame around one remote's screens (each remote's `pnpm dev`) — a sign-in form
// (API calls need a token) and links between the screens, inside the same shared providers as the host.
// The real shell lives in the host.
import { Suspense, useState, type ComponentType, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { Box, Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { selectIsLoggedIn, useAuthStore } from '@pricewatch/shared/auth';
import { loadDeployment } from '@pricewatch/shared/deployment';
import { initI18n, useTranslation } from '@pricewatch/shared/i18n';
import { LoadingState, Toaster, UiProvider } from '@pricewatch/shared/ui';

export type DevScreen = { path: string; labelKey: string; Component: ComponentType };

function DevLogin() {
  const login = useAuthStore((s) => s.login);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login(username, password).catch((err: Error) => setError(err.message));
  };
  return (
    <Stack as="form" onSubmit={submit} maxW="xs" m="10" gap="3">
      <Input aria-label="Username" value={username} onChange={(e) => setUsername(e.target.value)} />
      <Input aria-label="Password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <Button type="submit">Sign in</Button>
      {error && <Text color="red.600">{error}</Text>}
    </Stack>
  );
}

export function DevApp({ screens }: { screens: DevScreen[] }) {
  const { t } = useTranslation();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  if (!loggedIn) return <DevLogin />;
  return (
    <Flex minH="100vh">
      <Stack as="nav" w="240px" p="4" borderRightWidth="1px" gap="2">
        {screens
          .filter((s) => !s.path.includes(':'))
          .map((s) => (
            <NavLink key={s.path} to={`/${s.path}`}>
              {t(s.labelKey)}
            </NavLink>
          ))}
      </Stack>
      <Box flex="1" p="4">
        {/* The screens suspend until this remote's translations arrive, as they do inside the host. */}
        <Suspense fallback={<LoadingState />}>
          <Routes>
            {screens.map(({ path, Component }) => (
              <Route key={path} path={path} element={<Component />} />
            ))}
            <Route path="*" element={<Navigate to={`/${screens[0].path}`} replace />} />
          </Routes>
        </Suspense>
      </Box>
    </Flex>
  );
}

/** A remote's `pnpm dev` entry: the deployment's languages, then its screens in the frame above. */
export async function startDevApp(screens: DevScreen[]): Promise<void> {
  const deployment = await loadDeployment();
  await initI18n({ languages: deployment.languages, defaultLanguage: deployment.defaultLanguage });
  createRoot(document.getElementById('root')!).render(
    <BrowserRouter>
      <UiProvider>
        <DevApp screens={screens} />
        <Toaster />
      </UiProvider>
    </BrowserRouter>,
  );
}
