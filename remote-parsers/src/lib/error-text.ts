import { isApiError } from '@pricewatch/shared/api';
import { useParsersTranslation } from './i18n';

/** The translated message of a failed call (the shell's error texts), with the fields the server named. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useParsersTranslation();
  return (error) => {
    if (!isApiError(error)) return t('errors.service_unavailable', { ns: 'translation' });
    const base = t(`errors.${error.messageKey}`, { ns: 'translation' });
    return error.fields?.length ? `${base}: ${error.fields.map((f) => `${f.path} — ${f.message}`).join('; ')}` : base;
  };
}
