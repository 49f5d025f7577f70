import { isApiError } from '@pricewatch/shared/api';
import { useExportsTranslation } from './i18n';

/** Field problems the server names (contract: `end_before_start` on `end`) that have their own text. */
const FIELD_MESSAGES = ['end_before_start', 'too_long'] as const;

/**
 * The translated message of a failed call: a known field problem in this remote's words, else the
 * shell's text for the error code (errors.not_found, errors.validation_failed, …).
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useExportsTranslation();
  return (error) => {
    if (!isApiError(error)) return t('errors.service_unavailable', { ns: 'translation' });
    const field = error.fields?.find((f) => (FIELD_MESSAGES as readonly string[]).includes(f.message));
    if (field) return t(`fieldErrors.${field.message}`);
    return t(`errors.${error.messageKey}`, { ns: 'translation' });
  };
}
