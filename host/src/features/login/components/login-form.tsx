import { useEffect, useState, type FormEvent } from 'react';
import { useAuthStore } from '@pricewatch/shared/auth';
import { isApiError } from '@pricewatch/shared/api';
import { formatWait } from '@pricewatch/shared/format';
import { useTranslation } from '@pricewatch/shared/i18n';
import { useRequiredField } from '../hooks/use-required-field';
import { PasswordField } from './password-field';
import { UsernameField } from './username-field';

/** Set when the form first works; the bytes measurement counts the scripts fetched before it. */
export const LOGIN_READY_MARK = 'pricewatch:login-form-ready';

type LoginError = { key: string; retryAfter?: number };

/**
 * The translation key of a failed login (spec §8): the server's code, else service_unavailable; a 429
 * that says when to retry gets the text with the wait.
 */
function loginError(error: unknown): LoginError {
  if (!isApiError(error)) return { key: 'errors.service_unavailable' };
  if (error.messageKey === 'too_many_requests' && error.retryAfter) {
    return { key: 'errors.too_many_requests_wait', retryAfter: error.retryAfter };
  }
  return { key: `errors.${error.messageKey}` };
}

/**
 * Spec §2/§4/§5: both fields required (sign-in does nothing while one is empty), the button disabled
 * while the request runs, a failure shown as a translated message with the typed text kept.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => Promise<void> | void }) {
  const { t, i18n } = useTranslation();
  const login = useAuthStore((s) => s.login);
  const requesting = useAuthStore((s) => s.status === 'requesting');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<LoginError | null>(null);
  const username = useRequiredField((v) => v.trim() === '');
  const password = useRequiredField((v) => v === '');
  const waiting = busy || requesting;

  useEffect(() => {
    performance.mark?.(LOGIN_READY_MARK);
  }, []);
  // The server's answer was about what was typed then: typing again takes it away.
  useEffect(() => setError(null), [username.value, password.value]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    username.touch();
    password.touch();
    if (username.invalid || password.invalid || waiting) return;
    setBusy(true);
    setError(null);
    try {
      await login(username.value.trim(), password.value);
    } catch (err) {
      setError(loginError(err));
      setBusy(false);
      return;
    }
    await onLoggedIn();
  };

  return (
    <form onSubmit={submit} noValidate data-testid="login-form" className="pw-login__form">
      <UsernameField field={username} />
      <PasswordField field={password} />
      {error && (
        <p role="alert" className="pw-login__alert">
          {t(error.key, {
            defaultValue: t('errors.service_unavailable'),
            ...(error.retryAfter ? { time: formatWait(error.retryAfter, i18n.resolvedLanguage ?? i18n.language) } : {}),
          })}
        </p>
      )}
      <button type="submit" className="pw-login__submit" disabled={waiting} aria-busy={waiting || undefined}>
        {waiting && <span className="pw-spinner" aria-hidden />}
        {t('login.signIn')}
      </button>
    </form>
  );
}
