import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

export type AreaPlaceholderProps = { titleKey: string; descriptionKey: string };

/** A remote's screen that has not been built yet: its translated title and what it will be for. */
export function AreaPlaceholder({ titleKey, descriptionKey }: AreaPlaceholderProps) {
  const { t } = useTranslation();
  return (
    <section aria-label={t(titleKey)}>
      <PageHeader title={t(titleKey)} />
      <Text color="fg.muted" maxW="prose">
        {t(descriptionKey)}
      </Text>
    </section>
  );
}
