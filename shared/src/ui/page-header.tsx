import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type PageHeaderProps = { title: ReactNode; description?: ReactNode; actions?: ReactNode };

/** A screen's title row: the h1 of the page, an optional line of context and its main actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Flex as="header" align="flex-start" justify="space-between" gap="4" wrap="wrap" mb="6">
      <Box minW="0">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {description && (
          <Text mt="1" color="fg.muted">
            {description}
          </Text>
        )}
      </Box>
      {actions && (
        <Flex gap="2" wrap="wrap">
          {actions}
        </Flex>
      )}
    </Flex>
  );
}
