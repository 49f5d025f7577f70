import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@chakra-ui/react';

export const menuItemStyle = {
  display: 'flex',
  alignItems: 'center',
  w: 'full',
  px: '4',
  py: '2.5',
  borderRadius: 'md',
  fontSize: 'sm',
  color: 'gray.100',
  textDecoration: 'none',
  _hover: { bg: 'whiteAlpha.200', textDecoration: 'none' },
  _focusVisible: { outline: '2px solid', outlineColor: 'blue.300' },
} as const;

/** A side-menu item; the active one carries aria-current="page" and the highlight. */
export function MenuLink({ to, active, children }: { to: string; active: boolean; children: ReactNode }) {
  return (
    <Link asChild {...menuItemStyle} {...(active ? { bg: 'blue.600', fontWeight: 'semibold', _hover: { bg: 'blue.600' } } : {})}>
      <RouterLink to={to} aria-current={active ? 'page' : undefined}>
        {children}
      </RouterLink>
    </Link>
  );
}
