import { useNavigate } from 'react-router-dom';
import { chakra } from '@chakra-ui/react';
import { useAuthStore } from '@pricewatch/shared/auth';
import { useTranslation } from '@pricewatch/shared/i18n';
import { menuItemStyle } from './menu-link';

/** Spec §2: logout returns to login. */
export function LogoutButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useAuthStore((s) => s.logout);
  const onClick = async () => {
    await logout(); // the session's cached data goes with it (@pricewatch/shared/query)
    navigate('/login', { replace: true });
  };
  return (
    <chakra.button type="button" onClick={onClick} cursor="pointer" textAlign="start" {...menuItemStyle}>
      {t('menu.logout')}
    </chakra.button>
  );
}
