import { isApiError } from '@pricewatch/shared/api';
import { useAlarmsTranslation } from './i18n';

/** Codes the server puts in error.fields[].message that this remote words itself. */
const KNOWN = new Set([
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
]);

/** The translated message of a failed call: a known field problem in this remote's words, else the shell's text. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useAlarmsTranslation();
  return (error) => {
    if (!isApiError(error)) return t('errors.service_unavailable', { ns: 'translation' });
    const field = error.fields?.find((f) => KNOWN.has(f.message));
    if (field) return t(`problems.${field.message}`);
    if (error.fields?.length)
      return `${t(`errors.${error.messageKey}`, { ns: 'translation' })}: ${error.fields.map((f) => `${f.path} — ${f.message}`).join('; ')}`;
    return t(`errors.${error.messageKey}`, { ns: 'translation' });
  };
}
