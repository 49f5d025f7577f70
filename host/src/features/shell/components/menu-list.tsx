import { useLocation } from 'react-router-dom';
import { AlarmsBadge } from '@pricewatch/shared/alarms';
import { Link, Stack } from '@chakra-ui/react';
import { selectToken, useAuthStore } from '@pricewatch/shared/auth';
import { getDeployment } from '@pricewatch/shared/deployment';
import { useTranslation } from '@pricewatch/shared/i18n';
import { oldDesignUrl } from '@pricewatch/shared/permissions';
import { VideoInstructions } from '../../video-instructions/components/video-instructions';
import { isActiveItem, useMenuItems } from '../hooks/use-menu-items';
import { LogoutButton } from './logout-button';
import { MenuLink, menuItemStyle } from './menu-link';

/** Spec §2 Shell: the menu's items, the same in the side menu (desktop) and in the drawer (phone). */
export function MenuList() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = useMenuItems();
  const token = useAuthStore(selectToken);
  const { oldSiteUrl } = getDeployment();

  return (
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
  );
}
