import { Flex, Heading, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import { peekDeployment } from '@pricewatch/shared/deployment';
import { startupTarget } from '@pricewatch/shared/permissions';
import { useLeafletsTranslation } from '../../../lib/i18n';

/**
 * Where "back to the app" goes: promo analysis where the deployment and the user show it (not in the
 * Czech variant), else the user's start page (first visible menu item, or the product list). The old
 * design is never the target here: the user came from inside this app.
 */
export function useBackPath(): string {
  const user = useAuthStore(selectUser);
  const country = peekDeployment()?.country ?? 'cz';
  const target = startupTarget(user, { country, oldSiteUrl: null, pathname: '/', token: null });
  return target.kind === 'route' && target.path !== '/login' ? target.path : '/product';
}

/** The slim bar of the shell-less leaflet screen: the title and a way back into the app. */
export function TopBar() {
  const { t } = useLeafletsTranslation();
  const back = useBackPath();
  return (
    <Flex as="header" align="center" gap="4" px={{ base: '4', md: '6' }} h="14" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="docked">
      <ChakraLink asChild fontSize="sm" color="fg.muted" _hover={{ color: 'fg' }}>
        <Link to={back}>← {t('list.backToApp')}</Link>
      </ChakraLink>
      <Heading as="h1" size="md">
        {t('list.title')}
      </Heading>
    </Flex>
  );
}
