import { useErrorText as useSharedErrorText } from '@pricewatch/shared/ui';
import { NS } from './i18n';

/** Codes the server puts in error.fields[].message that this remote words itself (problems.*). */
const KNOWN = [
  'file_required',
  'empty_file',
  'not_xlsx',
  'xlsx_too_large',
  'wrong_columns',
  'no_rows',
  'too_many_rows',
  'file_too_large',
  'negative_value',
  'value_required',
  'percent_over_100',
  'own_shop_required',
  'end_before_start',
  'email_required',
  'invalid_email',
] as const;

/** The translated message of a failed call: a known field problem in this remote's words, else the shell's text with the fields named. */
export function useErrorText(): (error: unknown) => string {
  return useSharedErrorText({ ns: NS, prefix: 'problems', known: KNOWN, listFields: true }).errorText;
}
