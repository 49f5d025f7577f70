import { EmptyStateContent, EmptyStateDescription, EmptyStateIndicator, EmptyStateRoot, EmptyStateTitle, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type EmptyStateProps = { title: ReactNode; description?: ReactNode; icon?: ReactNode; action?: ReactNode };

/**
 * Nothing to show (no results, no alarms yet): says so, and what the user can do about it. The title is
 * a paragraph, not Chakra's h3: it sits in areas of any heading level (axe heading-order).
 */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <EmptyStateRoot>
      <EmptyStateContent>
        {icon && <EmptyStateIndicator>{icon}</EmptyStateIndicator>}
        <VStack textAlign="center" gap="1">
          <EmptyStateTitle as="p">{title}</EmptyStateTitle>
          {description && <EmptyStateDescription>{description}</EmptyStateDescription>}
        </VStack>
        {action}
      </EmptyStateContent>
    </EmptyStateRoot>
  );
}
