import { isApiError } from '@pricewatch/shared/api';
import { useUsersTranslation } from './i18n';

/** Problems the server names in error.message / fields[].message that have their own text here. */
export const KNOWN_PROBLEMS = [
  'weak_password',
  'password_too_short',
  'password_letters_and_digits',
  'password_contains_username',
  'password_common',
  'duplicate_username',
  'duplicate_role',
  'unknown_role',
  'role_not_allowed',
  'not_within_network_rights',
  'other_network',
  'network_required',
  'unknown_network',
  'unknown_shop',
  'cannot_delete_self',
  'cannot_block_self',
  'cannot_demote_self',
  'user_has_records',
  'username_characters',
  'username_not_ascii',
  'nothing_to_change',
] as const;

/** `role_not_allowed: admin` → `role_not_allowed`. */
export const problemKey = (message: string) => message.split(':')[0]!.trim();
const known = (message: string | undefined) => !!message && (KNOWN_PROBLEMS as readonly string[]).includes(problemKey(message));

/** Translates a failed call (the form's banner) and one field's problem (under the field). */
export function useErrorText() {
  const { t } = useUsersTranslation();
  return {
    error(error: unknown): string {
      if (!isApiError(error)) return t('errors.service_unavailable', { ns: 'translation' });
      if (known(error.message)) return t(`problems.${problemKey(error.message)}`);
      const field = error.fields?.find((f) => known(f.message));
      if (field) return t(`problems.${problemKey(field.message)}`);
      return t(`errors.${error.messageKey}`, { ns: 'translation' });
    },
    field(message: string): string {
      return known(message) ? t(`problems.${problemKey(message)}`) : t('problems.invalid');
    },
  };
}
