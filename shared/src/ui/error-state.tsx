import { Button, EmptyStateContent, EmptyStateDescription, EmptyStateRoot, EmptyStateTitle, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ErrorStateProps = { title: ReactNode; message: ReactNode; onRetry?: () => void };

/** A failed load (a call, a remote screen): what went wrong and, when it can help, a Retry. Title as in EmptyState. */
export function ErrorState({ title, message, onRetry }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <EmptyStateRoot role="alert">
      <EmptyStateContent>
        <VStack textAlign="center" gap="1">
          <EmptyStateTitle as="p" color="fg.error">
            {title}
          </EmptyStateTitle>
          <EmptyStateDescription>{message}</EmptyStateDescription>
        </VStack>
        {onRetry && (
          <Button variant="outline" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </EmptyStateContent>
    </EmptyStateRoot>
  );
}
