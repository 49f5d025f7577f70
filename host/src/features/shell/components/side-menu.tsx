import { Box, Text } from '@chakra-ui/react';
import { SIDE_MENU_WIDTH } from '@pricewatch/shared/format';
import { useTranslation } from '@pricewatch/shared/i18n';
import { MenuList } from './menu-list';

/**
 * Spec §2 Shell: the 240px left menu. Below `md` (phones) it would leave too little of the screen, so
 * it is hidden there and the same menu opens from the header's menu button (MenuDrawer).
 */
export function SideMenu() {
  const { t } = useTranslation();
  return (
    <Box
      as="nav"
      aria-label={t('menu.label')}
      data-testid="side-menu"
      w={`${SIDE_MENU_WIDTH}px`}
      flexShrink={0}
      h="100vh"
      position="sticky"
      top="0"
      overflowY="auto"
      bg="gray.900"
      color="gray.100"
      px="3"
      py="4"
      hideBelow="md"
    >
      <Text fontWeight="bold" fontSize="lg" px="4" pb="4" color="white">
        Pricewatch
      </Text>
      <MenuList />
    </Box>
  );
}
