import { useCallback } from 'react';
import { useTranslation } from '@pricewatch/shared/i18n';
import { useEnterApp } from '../../session/hooks/use-enter-app';
import { loadSessionData } from '../../session/load-session-data';
import { useAlreadyLoggedInRedirect } from '../hooks/use-already-logged-in-redirect';
import { useTokenBridge } from '../hooks/use-token-bridge';
import { LOGIN_CSS } from '../styles/login-css';
import { LoginForm } from './login-form';
import { LoginLanguage } from './login-language';

/**
 * Spec §2 "Login screen". Plain elements and CSS, no Chakra: the screen has to work before the
 * component library has downloaded (docs/bytes.md).
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const enterApp = useEnterApp();
  // Spec §4: on success city codes and shops are loaded, then the user is redirected.
  const afterLogin = useCallback(async () => {
    await loadSessionData();
    enterApp();
  }, [enterApp]);
  useAlreadyLoggedInRedirect(enterApp);
  useTokenBridge(afterLogin);

  return (
    <main className="pw-login">
      <style>{LOGIN_CSS}</style>
      <div className="pw-login__card">
        <LoginLanguage />
        <h1 className="pw-login__title">{t('login.title')}</h1>
        <p className="pw-login__welcome">{t('login.welcome')}</p>
        <p className="pw-login__details">{t('login.details')}</p>
        <LoginForm onLoggedIn={afterLogin} />
      </div>
    </main>
  );
}
