import { EmptyStateContent, EmptyStateDescription, EmptyStateIndicator, EmptyStateRoot, EmptyStateTitle, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type EmptyStateProps = { title: ReactNode; description?: ReactNode; icon?: ReactNode; action?: ReactNode };

/** Nothing to show (no results, no alarms yet): says so, and what the user can do about it. */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <EmptyStateRoot>
      <EmptyStateContent>
        {icon && <EmptyStateIndicator>{icon}</EmptyStateIndicator>}
        <VStack textAlign="center" gap="1">
          <EmptyStateTitle>{title}</EmptyStateTitle>
          {description && <EmptyStateDescription>{description}</EmptyStateDescription>}
        </VStack>
        {action}
      </EmptyStateContent>
    </EmptyStateRoot>
  );
}
