import { NativeSelect } from '@chakra-ui/react';
import { getDeployment } from '@pricewatch/shared/deployment';
import { changeLanguage, useTranslation } from '@pricewatch/shared/i18n';
import { LANGUAGE_NAMES } from '../lib/language-names';

/** Spec §6: the deployment's languages; the choice is remembered (selected-lang) by changeLanguage. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const { languages } = getDeployment();
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label={t('header.language')}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(e) => void changeLanguage(e.target.value)}
      >
        {languages.map((lang) => (
          <option key={lang} value={lang}>
            {LANGUAGE_NAMES[lang] ?? lang}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
