import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { CloseButton, Drawer, IconButton, Portal, Text } from '@chakra-ui/react';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import { SIDE_MENU_WIDTH } from '@pricewatch/shared/format';
import { useTranslation } from '@pricewatch/shared/i18n';
import { MenuIcon } from '../../../components/icons';
import { MenuList } from './menu-list';

/**
 * Phones (below `md`): the side menu behind a menu button in the header, as a drawer from the start
 * edge. Choosing a screen closes it; the user's name, which the narrow header has no room for, heads it.
 */
export function MenuDrawer() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useAuthStore(selectUser);
  const [open, setOpen] = useState(false);

  useEffect(() => setOpen(false), [pathname]);

  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start" lazyMount unmountOnExit>
      <Drawer.Trigger asChild>
        <IconButton aria-label={t('menu.open')} variant="ghost" size="sm" hideFrom="md" data-testid="menu-button">
          <MenuIcon />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content as="nav" aria-label={t('menu.label')} data-testid="menu-drawer" maxW={`${SIDE_MENU_WIDTH + 40}px`} bg="gray.900" color="gray.100">
            <Drawer.Header px="7" pt="5" pb="3" flexDirection="column" alignItems="flex-start" gap="0">
              <Drawer.Title color="white" fontWeight="bold" fontSize="lg">
                Pricewatch
              </Drawer.Title>
              {user && (
                <Text fontSize="sm" color="gray.300" truncate maxW="full">
                  {user.name}
                </Text>
              )}
            </Drawer.Header>
            <Drawer.Body px="3" py="2">
              <MenuList />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" color="gray.100" _hover={{ bg: 'whiteAlpha.200' }} aria-label={t('common.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
