import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, SimpleGrid, Text } from '@chakra-ui/react';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import type { HomeAlarms, HomeExports, HomeParsers, HomePriceChanges, HomePriceIndex, HomeSuspicious } from '@pricewatch/shared/contract';
import { getDeployment } from '@pricewatch/shared/deployment';
import { useTranslation } from '@pricewatch/shared/i18n';
import { PageHeader } from '@pricewatch/shared/ui';
import { visibleTiles, type TileDef, type TileId } from '../tiles';
import { Tile } from './tile';
import { AlarmsBody, ExportsBody, ParsersBody, PriceChangesBody, PriceIndexBody, SuspiciousBody } from './tile-bodies';

const BODIES: Record<TileId, (def: TileDef) => ReactNode> = {
  'price-index': (def) => <Tile<HomePriceIndex> def={def}>{(d) => <PriceIndexBody data={d} />}</Tile>,
  'price-changes': (def) => <Tile<HomePriceChanges> def={def}>{(d) => <PriceChangesBody data={d} />}</Tile>,
  alarms: (def) => <Tile<HomeAlarms> def={def}>{(d) => <AlarmsBody data={d} />}</Tile>,
  exports: (def) => <Tile<HomeExports> def={def}>{(d) => <ExportsBody data={d} />}</Tile>,
  parsers: (def) => <Tile<HomeParsers> def={def}>{(d) => <ParsersBody data={d} />}</Tile>,
  suspicious: (def) => <Tile<HomeSuspicious> def={def}>{(d) => <SuspiciousBody data={d} />}</Tile>,
};

/**
 * /home (issue 18 item 6, docs/home.md): the host's own page, for everyone. Tiles of the screens the
 * user may use and the deployment runs, each loading on its own; with none, a pointer to the products.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useAuthStore(selectUser);
  const tiles = visibleTiles(user, getDeployment());
  return (
    <Box>
      <PageHeader title={t('home.title')} description={t('home.description')} />
      {tiles.length === 0 ? (
        <Text color="fg.muted" data-testid="home-empty">
          {t('home.empty')}{' '}
          <Link asChild color="blue.fg">
            <RouterLink to="/product">{t('home.products')}</RouterLink>
          </Link>
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, xl: 2 }} gap={{ base: '3', md: '5' }} alignItems="start">
          {tiles.map((def) => (
            <Box key={def.id} minW="0">
              {BODIES[def.id](def)}
            </Box>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
