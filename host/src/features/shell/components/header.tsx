import { Flex, Spacer, Text } from '@chakra-ui/react';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import { HEADER_HEIGHT } from '@pricewatch/shared/format';
import { LanguageSelect } from './language-select';
import { MenuDrawer } from './menu-drawer';
import { ProductSearch } from './product-search';

/**
 * Spec §2: the 72px top header — product search, language selector, the user's name. On phones it
 * also carries the menu button (the side menu is hidden there) and leaves the name to the drawer.
 */
export function Header() {
  const user = useAuthStore(selectUser);
  return (
    <Flex
      as="header"
      data-testid="header"
      h={`${HEADER_HEIGHT}px`}
      flexShrink={0}
      align="center"
      gap={{ base: '2', md: '4' }}
      px={{ base: '3', md: '6' }}
      borderBottomWidth="1px"
      bg="white"
      position="sticky"
      top="0"
      zIndex="docked"
    >
      <MenuDrawer />
      <ProductSearch />
      <Spacer hideBelow="md" />
      <LanguageSelect />
      {user && (
        <Text fontSize="sm" fontWeight="medium" data-testid="user-name" truncate maxW="200px" hideBelow="md">
          {user.name}
        </Text>
      )}
    </Flex>
  );
}
