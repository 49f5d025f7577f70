import { useErrorText as useSharedErrorText } from '@pricewatch/shared/ui';
import { NS } from './i18n';

/** Field problems the server names (contract: `end_before_start` on `end`) that have their own text (fieldErrors.*). */
const FIELD_MESSAGES = ['end_before_start', 'too_long'] as const;

/**
 * The translated message of a failed call: a known field problem in this remote's words, else the
 * shell's text for the error code (errors.not_found, errors.validation_failed, …).
 */
export function useErrorText(): (error: unknown) => string {
  return useSharedErrorText({ ns: NS, prefix: 'fieldErrors', known: FIELD_MESSAGES }).errorText;
}
