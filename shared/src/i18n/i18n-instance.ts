import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setDataLanguage } from '../api/data-language';
import { intlLocale } from '../format/money';

/**
 * The one i18next instance of the product: i18next's default instance, so a remote importing i18next
 * or using react-i18next without a provider still reaches the same translations.
 */
export const i18n = i18next;
i18n.use(initReactI18next);

// Screen readers, hyphenation and Intl-aware inputs read <html lang>: Ukrainian is uk there (spec §9).
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = intlLocale(lng);
  setDataLanguage(lng);
});

export const DEFAULT_NAMESPACE = 'translation';

function isDevelopment(): boolean {
  // webpack replaces process.env.NODE_ENV by a literal; a build that does not would throw on `process`.
  try {
    return process.env.NODE_ENV === 'development';
  } catch {
    return false;
  }
}

/** Missing keys show up in development only; production falls back to the key quietly. */
export const IS_DEVELOPMENT = isDevelopment();
