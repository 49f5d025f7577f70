import { useMemo } from 'react';
import { Badge, Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { CurrencySummary, ProductPrices, ShopPrice } from '@pricewatch/shared/contract';
import { DataTable, dataColumnHelper } from '@pricewatch/shared/table';
import { LoadingState } from '@pricewatch/shared/ui';
import { LoadError } from '../../../components/load-error';
import { Panel } from '../../../components/panel';
import { useFormatters, type Formatters } from '../../../lib/format';
import { useExportsTranslation } from '../../../lib/i18n';
import type { ApiState } from '@pricewatch/shared/query';

const col = dataColumnHelper<ShopPrice>();

function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <Box borderWidth="1px" borderRadius="md" px="3" py="2" bg="bg.subtle" minW="0">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide" truncate>
        {label}
      </Text>
      <Text fontSize="lg" fontWeight="semibold" fontVariantNumeric="tabular-nums" color={tone} whiteSpace="nowrap">
        {value}
      </Text>
    </Box>
  );
}

function Summary({ summary, f }: { summary: CurrencySummary; f: Formatters }) {
  const { t } = useExportsTranslation();
  return (
    <SimpleGrid minChildWidth="8.5rem" gap="3" aria-label={t('productCard.prices.summary', { currency: summary.currency })} role="group">
      <Figure label={t('productCard.prices.min')} value={f.money(summary.min, summary.currency)} tone="green.fg" />
      <Figure label={t('productCard.prices.avg')} value={f.money(summary.avg, summary.currency)} />
      <Figure label={t('productCard.prices.max')} value={f.money(summary.max, summary.currency)} />
      <Figure label={t('productCard.prices.shops')} value={f.count(summary.shops)} />
      <Figure label={t('productCard.prices.promoShops')} value={f.count(summary.promoShops)} tone={summary.promoShops ? 'orange.fg' : undefined} />
    </SimpleGrid>
  );
}

/**
 * The price picture at a glance: lowest, average and highest current price (per currency), how many
 * shops sell the product and how many have it on promo, and where it is cheapest.
 */
export function PriceOverview({ prices }: { prices: ApiState<ProductPrices> }) {
  const { t } = useExportsTranslation();
  const f = useFormatters();
  const cheapest = prices.data?.prices.filter((p) => p.cheapest) ?? [];
  return (
    <Panel title={t('productCard.overview.title')} description={t('productCard.overview.description')} headingId="price-overview">
      {prices.error ? (
        <LoadError title={t('productCard.prices.loadError')} error={prices.error} onRetry={prices.reload} />
      ) : !prices.data ? (
        <LoadingState />
      ) : prices.data.summary.length === 0 ? (
        <Text color="fg.muted">{t('productCard.prices.none')}</Text>
      ) : (
        <Stack gap="4">
          {prices.data.summary.map((s) => (
            <Summary key={s.currency} summary={s} f={f} />
          ))}
          {cheapest.length > 0 && (
            <Text fontSize="sm" color="fg.muted">
              {t('productCard.overview.cheapestAt', {
                shops: cheapest.map((p) => p.shopName).join(', '),
                price: f.money(cheapest[0]!.price, cheapest[0]!.currency),
              })}
            </Text>
          )}
        </Stack>
      )}
    </Panel>
  );
}

/** The current price in every shop that sells the product, cheapest first and marked. */
export function CurrentPrices({ prices }: { prices: ApiState<ProductPrices> }) {
  const { t } = useExportsTranslation();
  const f = useFormatters();

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('shopName', {
          header: t('productCard.prices.columns.shop'),
          sortFn: 'text',
          meta: { wrap: true, width: '14rem' },
          cell: (c) => (
            <Stack gap="0">
              <Text fontWeight="medium">{c.getValue()}</Text>
              <Text fontSize="xs" color="fg.muted">
                {[c.row.original.networkName, c.row.original.cityName].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
          ),
        }),
        col.accessor('regular', {
          header: t('productCard.prices.columns.regular'),
          sortFn: 'basic',
          meta: { numeric: true },
          cell: (c) => (
            <Text as="span" color={c.row.original.isPromo ? 'fg.muted' : undefined} textDecoration={c.row.original.isPromo ? 'line-through' : undefined}>
              {f.money(c.getValue(), c.row.original.currency)}
            </Text>
          ),
        }),
        col.accessor((r) => r.promo ?? undefined, {
          id: 'promo',
          header: t('productCard.prices.columns.promo'),
          sortFn: 'basic',
          sortUndefined: 'last',
          meta: { numeric: true },
          cell: (c) => {
            const { promo, promoDepthPct, currency } = c.row.original;
            if (promo === null)
              return (
                <Text as="span" color="fg.muted">
                  —
                </Text>
              );
            return (
              <HStack gap="2" justify="flex-end">
                {promoDepthPct !== null && (
                  <Badge colorPalette="orange" variant="subtle" size="sm">
                    −{f.decimal(promoDepthPct)} %
                  </Badge>
                )}
                <Text as="span" color="orange.fg" fontWeight="medium">
                  {f.money(promo, currency)}
                </Text>
              </HStack>
            );
          },
        }),
        col.accessor('price', {
          header: t('productCard.prices.columns.price'),
          sortFn: 'basic',
          meta: { numeric: true, width: '9rem' },
          cell: (c) => (
            <HStack gap="2" justify="flex-end">
              {c.row.original.cheapest && (
                <Badge colorPalette="green" variant="solid" size="sm">
                  {t('productCard.prices.cheapest')}
                </Badge>
              )}
              <Text as="span" fontWeight="semibold">
                {f.money(c.getValue(), c.row.original.currency)}
              </Text>
            </HStack>
          ),
        }),
        col.accessor('inStock', {
          header: t('productCard.prices.columns.stock'),
          enableSorting: false,
          cell: (c) =>
            c.getValue() ? (
              <Badge colorPalette="green" variant="outline" size="sm">
                {t('productCard.prices.inStock')}
              </Badge>
            ) : (
              <Badge colorPalette="red" variant="outline" size="sm">
                {t('productCard.prices.outOfStock')}
              </Badge>
            ),
        }),
        col.accessor('since', { header: t('productCard.prices.columns.since'), sortFn: 'alphanumeric', cell: (c) => f.day(c.getValue()) }),
        col.accessor('observedAt', {
          header: t('productCard.prices.columns.lastSeen'),
          sortFn: 'alphanumeric',
          cell: (c) => f.day(c.getValue()),
        }),
      ]),
    [t, f],
  );

  return (
    <Panel title={t('productCard.prices.title')} description={t('productCard.prices.description')} headingId="current-prices">
      {prices.error ? (
        <LoadError title={t('productCard.prices.loadError')} error={prices.error} onRetry={prices.reload} />
      ) : !prices.data ? (
        <LoadingState />
      ) : (
        <DataTable
          label={t('productCard.prices.tableLabel')}
          columns={columns}
          data={prices.data.prices}
          getRowId={(r) => r.shopId}
          isHighlighted={(r) => r.cheapest}
          empty={t('productCard.prices.none')}
        />
      )}
    </Panel>
  );
}
