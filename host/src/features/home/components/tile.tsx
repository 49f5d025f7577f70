import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Flex, Heading, Link, Spinner, Text } from '@chakra-ui/react';
import { useApi } from '@pricewatch/shared/query';
import { useTranslation } from '@pricewatch/shared/i18n';
import { getHomeTile } from '../api/get-home-tile';
import type { TileDef } from '../tiles';

/**
 * One home tile: its own call (GET /home/{id}), so a slow or failing tile shows its own spinner or
 * error with Retry and never holds up the others. The title links to the tile's screen.
 */
export function Tile<T>({ def, children }: { def: TileDef; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  const state = useApi<T>(def.id, () => getHomeTile<T>(def.id));
  const titleId = `home-tile-${def.id}`;
  return (
    <Box
      as="section"
      aria-labelledby={titleId}
      data-testid={`home-tile-${def.id}`}
      bg="bg"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '4', md: '5' }}
      minW="0"
    >
      <Flex align="baseline" justify="space-between" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="md" id={titleId} minW="0">
          <Link asChild color="fg" _hover={{ color: 'blue.fg' }}>
            <RouterLink to={def.path}>{t(`home.tiles.${def.id}.title`)}</RouterLink>
          </Link>
        </Heading>
        <Link asChild fontSize="sm" color="blue.fg" aria-hidden tabIndex={-1}>
          <RouterLink to={def.path}>{t('home.open')} →</RouterLink>
        </Link>
      </Flex>
      {state.data !== undefined && !state.error ? (
        children(state.data)
      ) : state.error ? (
        <Flex role="alert" direction="column" align="flex-start" gap="2" py="2">
          <Text color="fg.error" fontWeight="medium">
            {t('home.failed')}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t(`errors.${state.error.messageKey}`, { defaultValue: t('errors.internal_error') })}
          </Text>
          <Button size="sm" variant="outline" onClick={state.reload} loading={state.loading}>
            {t('common.retry')}
          </Button>
        </Flex>
      ) : (
        <Flex align="center" gap="2" py="6" color="fg.muted" role="status" data-testid="tile-loading">
          <Spinner size="sm" />
          <Text fontSize="sm">{t('common.loading')}</Text>
        </Flex>
      )}
    </Box>
  );
}
