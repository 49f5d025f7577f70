import { isApiError } from '@pricewatch/shared/api';
import { useErrorText } from '../../../lib/error-text';
import { useExportsTranslation } from '../../../lib/i18n';

const CONFLICTS = ['export_running', 'template_in_use'];

/**
 * The message of a failed exports call: a conflict (409) or a refused field (400) in this screen's
 * words, naming the field; anything else as the rest of the remote shows it.
 */
export function useReportErrorText(): (error: unknown) => string {
  const { t } = useExportsTranslation();
  const base = useErrorText();
  return (error) => {
    if (isApiError(error)) {
      if (error.status === 409) {
        return CONFLICTS.includes(error.message) ? t(`reportAnalytics.conflicts.${error.message}`) : t('reportAnalytics.conflicts.other');
      }
      const field = error.fields?.[0];
      if (error.status === 400 && field) {
        const name = t(`reportAnalytics.fields.${field.path}`, { defaultValue: field.path });
        return t('reportAnalytics.fieldError', { field: name, message: field.message });
      }
      if (error.status === 403) return t('reportAnalytics.forbidden');
    }
    return base(error);
  };
}
