import { useCallback } from 'react';
import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from '@pricewatch/shared/i18n';
import { useEnterApp } from '../../session/hooks/use-enter-app';
import { loadSharedData } from '../../session/shared-data-store';
import { useAlreadyLoggedInRedirect } from '../hooks/use-already-logged-in-redirect';
import { useTokenBridge } from '../hooks/use-token-bridge';
import { LoginForm } from './login-form';

/** Spec §2 "Login screen". */
export function LoginScreen() {
  const { t } = useTranslation();
  const enterApp = useEnterApp();
  // Spec §4: on success city codes and shops are loaded, then the user is redirected.
  const afterLogin = useCallback(async () => {
    await loadSharedData();
    enterApp();
  }, [enterApp]);
  useAlreadyLoggedInRedirect(enterApp);
  useTokenBridge(afterLogin);

  return (
    <Flex as="main" minH="100vh" align="center" justify="center" bg="gray.50" px="4">
      <Box w="full" maxW="sm" bg="white" borderWidth="1px" borderRadius="lg" p="8" shadow="sm">
        <Heading as="h1" size="xl" mb="2">
          {t('login.title')}
        </Heading>
        <Text fontWeight="medium">{t('login.welcome')}</Text>
        <Text color="gray.600" fontSize="sm" mb="6">
          {t('login.details')}
        </Text>
        <LoginForm onLoggedIn={afterLogin} />
      </Box>
    </Flex>
  );
}
