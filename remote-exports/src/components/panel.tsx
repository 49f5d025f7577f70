import type { ReactNode } from 'react';
import { Box, Flex, Heading, Text } from '@chakra-ui/react';

export type PanelProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right of the title (export, period). */
  actions?: ReactNode;
  children: ReactNode;
  /** Id of the heading, so a region or table can be labelled by it. */
  headingId?: string;
};

/** A titled white card: one block of a screen (a table, a chart with its table, a form). */
export function Panel({ title, description, actions, children, headingId }: PanelProps) {
  return (
    <Box as="section" aria-labelledby={headingId} bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }} shadow="xs">
      <Flex align="flex-start" justify="space-between" gap="3" wrap="wrap" mb="4">
        <Box minW="0">
          <Heading as="h2" size="md" id={headingId}>
            {title}
          </Heading>
          {description && (
            <Text mt="1" fontSize="sm" color="fg.muted">
              {description}
            </Text>
          )}
        </Box>
        {actions && (
          <Flex gap="2" wrap="wrap" align="flex-end">
            {actions}
          </Flex>
        )}
      </Flex>
      {children}
    </Box>
  );
}
