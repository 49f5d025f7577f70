import { Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export type LoadingStateProps = { label?: string };

/** A screen or panel waiting for data; announced politely to screen readers. */
export function LoadingState({ label }: LoadingStateProps) {
  const { t } = useTranslation();
  const text = label ?? t('common.loading');
  return (
    <Center role="status" aria-live="polite" py="10">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" aria-hidden />
        <Text color="fg.muted">{text}</Text>
      </VStack>
    </Center>
  );
}
