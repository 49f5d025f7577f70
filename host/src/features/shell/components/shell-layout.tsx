import { Outlet } from 'react-router-dom';
import { Box, Flex } from '@chakra-ui/react';
import { Header } from './header';
import { SideMenu } from './side-menu';

/**
 * Spec §2: when logged in and not on leaflet, a left side menu and a top header frame the screen.
 * minW="0" lets the screen shrink to the window: a wide table then scrolls inside its own box
 * instead of pushing the page sideways.
 */
export function ShellLayout() {
  return (
    <Flex minH="100vh">
      <SideMenu />
      <Flex direction="column" flex="1" minW="0">
        <Header />
        <Box as="main" flex="1" minW="0" p={{ base: '3', md: '6' }} bg="gray.50">
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
