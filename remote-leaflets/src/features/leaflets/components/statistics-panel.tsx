import { useMemo } from 'react';
import { Box, Heading, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import type { Currency, LeafletStatistics } from '@pricewatch/shared/contract';
import { BarSeriesChart } from '@pricewatch/shared/chart';
import { DataTable, dataColumnHelper, type DataColumnDef } from '@pricewatch/shared/table';
import { ErrorState, LoadingState } from '@pricewatch/shared/ui';
import { getLeafletStatistics } from '../api/leaflets';
import { useErrorText } from '../../../lib/error-text';
import { useFormatters } from '../../../lib/format';
import { useLeafletsTranslation } from '../../../lib/i18n';
import { useApi } from '@pricewatch/shared/query';

type Row = { key: string; label: string; count: number; avgDiscountPct?: number | null };
const col = dataColumnHelper<Row>();

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stat.Root borderWidth="1px" rounded="md" p="3" data-testid={testId}>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize="xl">{value}</Stat.ValueText>
    </Stat.Root>
  );
}

/** A chart and, beside it, the same figures as a table. */
function ChartWithTable({
  title,
  category,
  rows,
  withDiscount,
  horizontal = false,
}: {
  title: string;
  category: string;
  rows: Row[];
  withDiscount: boolean;
  horizontal?: boolean;
}) {
  const { t } = useLeafletsTranslation();
  const f = useFormatters();
  const columns = useMemo<DataColumnDef<Row>[]>(
    () => [
      col.accessor('label', { header: category }),
      col.accessor('count', { header: t('leaflet.stats.count'), cell: (c) => f.number(c.getValue()), meta: { numeric: true } }),
      ...(withDiscount
        ? [
            col.accessor((r) => r.avgDiscountPct ?? null, {
              id: 'avg',
              header: t('leaflet.stats.avgDiscount'),
              cell: (c) => f.percent(c.getValue() as number | null),
              meta: { numeric: true },
            }),
          ]
        : []),
    ],
    [t, f, category, withDiscount],
  );
  return (
    <Box borderWidth="1px" rounded="md" p="3">
      <Heading as="h3" size="sm" mb="2">
        {title}
      </Heading>
      {rows.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('leaflet.stats.noData')}
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, xl: 2 }} gap="3" alignItems="start">
          <BarSeriesChart
            label={title}
            data={rows}
            categoryKey="label"
            series={[{ key: 'count', name: t('leaflet.stats.count') }]}
            height={horizontal ? 40 + rows.length * 34 : 220}
            horizontal={horizontal}
            categoryWidth={200}
            formatValue={(v) => f.number(v)}
          />
          <DataTable columns={columns} data={rows} label={title} getRowId={(r) => r.key} />
        </SimpleGrid>
      )}
    </Box>
  );
}

/** The whole leaflet's figures (GET …/prices/statistics): counts, prices, discounts; by mechanics, discount band and page. */
export function StatisticsPanel({ leafletId, currency, version }: { leafletId: string; currency: Currency; version: number }) {
  const { t } = useLeafletsTranslation();
  const f = useFormatters();
  const { errorText } = useErrorText();
  const stats = useApi<LeafletStatistics>(`${leafletId}:${version}`, () => getLeafletStatistics(leafletId));
  const s = stats.data;
  if (!s) {
    if (stats.error) return <ErrorState title={t('leaflet.stats.title')} message={errorText(stats.error)} onRetry={stats.reload} />;
    return <LoadingState />;
  }
  const byMechanics: Row[] = s.byMechanics.map((m) => ({
    key: m.mechanics,
    label: t(`mechanics.${m.mechanics}`),
    count: m.count,
    avgDiscountPct: m.avgDiscountPct,
  }));
  const bands: Row[] = s.discountBands.map((b) => ({ key: b.band, label: `${b.band} %`, count: b.count }));
  const byPage: Row[] = s.byPage.map((p) => ({ key: p.pageId, label: t('leaflet.pageN', { n: p.pageNo }), count: p.count }));
  return (
    <Box p="4" overflowY="auto" h="100%" data-testid="leaflet-statistics">
      <SimpleGrid columns={{ base: 2, md: 4, xl: 8 }} gap="3" mb="4">
        <Figure testId="stat-prices" label={t('leaflet.stats.prices')} value={f.number(s.priceCount)} />
        <Figure testId="stat-matched" label={t('leaflet.stats.matched')} value={f.number(s.matchedCount)} />
        <Figure testId="stat-with-old" label={t('leaflet.stats.withOldPrice')} value={f.number(s.withOldPriceCount)} />
        <Figure testId="stat-avg-discount" label={t('leaflet.stats.avgDiscount')} value={f.percent(s.avgDiscountPct)} />
        <Figure testId="stat-max-discount" label={t('leaflet.stats.maxDiscount')} value={f.percent(s.maxDiscountPct)} />
        <Figure testId="stat-min-price" label={t('leaflet.stats.minPrice')} value={f.money(s.minPrice, currency)} />
        <Figure testId="stat-avg-price" label={t('leaflet.stats.avgPrice')} value={f.money(s.avgPrice, currency)} />
        <Figure testId="stat-max-price" label={t('leaflet.stats.maxPrice')} value={f.money(s.maxPrice, currency)} />
      </SimpleGrid>
      <SimpleGrid columns={1} gap="4">
        <ChartWithTable title={t('leaflet.stats.byMechanics')} category={t('leaflet.mechanics')} rows={byMechanics} withDiscount horizontal />
        <ChartWithTable title={t('leaflet.stats.discountBands')} category={t('leaflet.discountPct')} rows={bands} withDiscount={false} />
        <ChartWithTable title={t('leaflet.stats.byPage')} category={t('leaflet.fields.page')} rows={byPage} withDiscount={false} />
      </SimpleGrid>
    </Box>
  );
}
