import { Flex, Spacer, Text } from '@chakra-ui/react';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import { HEADER_HEIGHT } from '@pricewatch/shared/format';
import { LanguageSelect } from './language-select';
import { ProductSearch } from './product-search';

/** Spec §2: the 72px top header — product search, language selector, the user's name. */
export function Header() {
  const user = useAuthStore(selectUser);
  return (
    <Flex
      as="header"
      data-testid="header"
      h={`${HEADER_HEIGHT}px`}
      flexShrink={0}
      align="center"
      gap="4"
      px="6"
      borderBottomWidth="1px"
      bg="white"
      position="sticky"
      top="0"
      zIndex="docked"
    >
      <ProductSearch />
      <Spacer />
      <LanguageSelect />
      {user && (
        <Text fontSize="sm" fontWeight="medium" data-testid="user-name" truncate maxW="200px">
          {user.name}
        </Text>
      )}
    </Flex>
  );
}
