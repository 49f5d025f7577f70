import { useLocation } from 'react-router-dom';
import { AlarmsBadge } from '@pricewatch/shared/alarms';
import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { selectToken, useAuthStore } from '@pricewatch/shared/auth';
import { getDeployment } from '@pricewatch/shared/deployment';
import { SIDE_MENU_WIDTH } from '@pricewatch/shared/format';
import { useTranslation } from '@pricewatch/shared/i18n';
import { oldDesignUrl } from '@pricewatch/shared/permissions';
import { VideoInstructions } from '../../video-instructions/components/video-instructions';
import { isActiveItem, useMenuItems } from '../hooks/use-menu-items';
import { LogoutButton } from './logout-button';
import { MenuLink, menuItemStyle } from './menu-link';

/** Spec §2 Shell: the 240px left menu. */
export function SideMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = useMenuItems();
  const token = useAuthStore(selectToken);
  const { oldSiteUrl } = getDeployment();

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
    >
      <Text fontWeight="bold" fontSize="lg" px="4" pb="4" color="white">
        Pricewatch
      </Text>
      <Stack as="ul" gap="1" listStyleType="none">
        {items.map((item) => (
          <li key={item.key}>
            <MenuLink to={item.path} active={isActiveItem(pathname, item.path)}>
              {t(item.labelKey)}
              {item.key === 'alarms' && <AlarmsBadge enabled />}
            </MenuLink>
          </li>
        ))}
        {oldSiteUrl && (
          <li>
            <Link href={oldDesignUrl(oldSiteUrl, token)} {...menuItemStyle}>
              {t('menu.oldDesign')}
            </Link>
          </li>
        )}
        <li>
          <VideoInstructions />
        </li>
        <li>
          <LogoutButton />
        </li>
      </Stack>
    </Box>
  );
}
