import { List, Text } from '@chakra-ui/react';
import { PASSWORD_MIN_LENGTH } from '@pricewatch/shared/contract';
import { useUsersTranslation } from '../../../lib/i18n';

/** The strength rules the server applies (docs/access.md), ticked off while the password is typed. */
export function passwordChecks(password: string, username: string) {
  const name = username.trim().toLowerCase();
  return [
    { key: 'length', ok: password.length >= PASSWORD_MIN_LENGTH },
    { key: 'lettersDigits', ok: /\p{L}/u.test(password) && /\p{N}/u.test(password) },
    { key: 'notUsername', ok: password.length > 0 && !(name.length >= 3 && password.toLowerCase().includes(name)) },
  ] as const;
}

export function PasswordHint({ id, password, username }: { id: string; password: string; username: string }) {
  const { t } = useUsersTranslation();
  return (
    <List.Root id={id} variant="plain" fontSize="xs" color="fg.muted" aria-label={t('form.passwordRules')}>
      {passwordChecks(password, username).map((c) => (
        <List.Item key={c.key} data-ok={c.ok}>
          <Text as="span" color={c.ok ? 'green.600' : 'fg.muted'} aria-hidden="true" mr="1">
            {c.ok ? '✓' : '•'}
          </Text>
          {t(`form.passwordRule.${c.key}`, { count: PASSWORD_MIN_LENGTH })}
          <Text as="span" srOnly>
            {c.ok ? ` (${t('form.ruleMet')})` : ''}
          </Text>
        </List.Item>
      ))}
    </List.Root>
  );
}
