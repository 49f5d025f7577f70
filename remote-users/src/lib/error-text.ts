import { useErrorText as useSharedErrorText } from '@pricewatch/shared/ui';
import { NS } from './i18n';

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

/** Translates a failed call (the form's banner) and one field's problem (under the field; problems.invalid when not worded here). */
export function useErrorText() {
  const { errorText, fieldText } = useSharedErrorText({ ns: NS, prefix: 'problems', known: KNOWN_PROBLEMS, unknownFieldKey: 'problems.invalid' });
  return { error: errorText, field: fieldText };
}
