import { getDeployment } from '@pricewatch/shared/deployment';
import { changeLanguage, useTranslation } from '@pricewatch/shared/i18n';
import { LANGUAGE_NAMES } from '../../shell/lib/language-names';

/**
 * The header's language choice, on the login screen too (a user should not have to sign in in a
 * language they cannot read). A plain select: the screen renders without Chakra.
 */
export function LoginLanguage() {
  const { t, i18n } = useTranslation();
  const { languages } = getDeployment();
  if (languages.length < 2) return null;
  return (
    <div className="pw-login__lang">
      <select aria-label={t('header.language')} value={i18n.resolvedLanguage ?? i18n.language} onChange={(e) => void changeLanguage(e.target.value)}>
        {languages.map((lang) => (
          <option key={lang} value={lang}>
            {LANGUAGE_NAMES[lang] ?? lang}
          </option>
        ))}
      </select>
    </div>
  );
}
