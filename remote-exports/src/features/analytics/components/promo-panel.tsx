import { useMemo } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import type { AnalyticsBody, DiscountAnalysis } from '@pricewatch/shared/contract';
import { BarSeriesChart } from '@pricewatch/shared/chart';
import { DataTable, dataColumnHelper } from '@pricewatch/shared/table';
import { CsvButton } from '../../../components/csv-button';
import { Panel } from '../../../components/panel';
import { downloadCsv } from '../../../lib/csv';
import { useFormatters } from '../../../lib/format';
import { useExportsTranslation } from '../../../lib/i18n';
import { useDiscountAnalysis } from '../api/get-discount-analysis';
import { PanelBody } from './panel-body';

type Row = DiscountAnalysis['networks'][number];
const col = dataColumnHelper<Row>();

/** How often (share of shop-days on promo) and how deep (average discount) each network promotes. */
export function PromoPanel({ body, file }: { body: AnalyticsBody | null; file: string }) {
  const { t } = useExportsTranslation();
  const f = useFormatters();
  const state = useDiscountAnalysis(body);
  const rows = state.data?.networks ?? [];

  const chartRows = useMemo(
    () =>
      (state.data?.networks ?? []).map((n) => ({
        network: n.networkName,
        share: n.promoShare,
        depth: n.avgDepthPct ?? 0,
      })),
    [state.data],
  );
  const opt = (v: number | null, fmt: (n: number) => string) => (v === null ? '—' : fmt(v));
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('networkName', {
          header: t('analytics.promo.columns.network'),
          sortFn: 'text',
          cell: (c) => (
            <Text as="span" fontWeight="medium">
              {c.getValue()}
            </Text>
          ),
        }),
        col.accessor('products', {
          header: t('analytics.promo.columns.products'),
          sortFn: 'basic',
          meta: { numeric: true },
          cell: (c) => f.count(c.getValue()),
        }),
        col.accessor('productsOnPromo', {
          header: t('analytics.promo.columns.productsOnPromo'),
          sortFn: 'basic',
          meta: { numeric: true },
          cell: (c) => f.count(c.getValue()),
        }),
        col.accessor('promoShare', {
          header: t('analytics.promo.columns.share'),
          sortFn: 'basic',
          meta: { numeric: true },
          cell: (c) => (
            <Text as="span" fontWeight="semibold">
              {f.percent(c.getValue())}
            </Text>
          ),
        }),
        col.accessor((r) => r.avgDepthPct ?? undefined, {
          id: 'avgDepth',
          header: t('analytics.promo.columns.avgDepth'),
          sortFn: 'basic',
          sortUndefined: 'last',
          meta: { numeric: true },
          cell: (c) => opt(c.row.original.avgDepthPct, f.percent),
        }),
        col.accessor((r) => r.maxDepthPct ?? undefined, {
          id: 'maxDepth',
          header: t('analytics.promo.columns.maxDepth'),
          sortFn: 'basic',
          sortUndefined: 'last',
          meta: { numeric: true },
          cell: (c) => opt(c.row.original.maxDepthPct, f.percent),
        }),
        col.accessor('promoStarts', {
          header: t('analytics.promo.columns.starts'),
          sortFn: 'basic',
          meta: { numeric: true },
          cell: (c) => f.count(c.getValue()),
        }),
        col.accessor((r) => r.avgDurationDays ?? undefined, {
          id: 'duration',
          header: t('analytics.promo.columns.duration'),
          sortFn: 'basic',
          sortUndefined: 'last',
          meta: { numeric: true },
          cell: (c) => opt(c.row.original.avgDurationDays, f.decimal),
        }),
      ]),
    [t, f],
  );

  const exportCsv = () =>
    downloadCsv(
      `${file}-promotions.csv`,
      [
        { header: t('analytics.promo.columns.network'), value: (r: Row) => r.networkName },
        { header: t('analytics.promo.columns.products'), value: (r: Row) => r.products },
        { header: t('analytics.promo.columns.productsOnPromo'), value: (r: Row) => r.productsOnPromo },
        { header: t('analytics.promo.columns.share'), value: (r: Row) => r.promoShare },
        { header: t('analytics.promo.columns.avgDepth'), value: (r: Row) => r.avgDepthPct },
        { header: t('analytics.promo.columns.maxDepth'), value: (r: Row) => r.maxDepthPct },
        { header: t('analytics.promo.columns.starts'), value: (r: Row) => r.promoStarts },
        { header: t('analytics.promo.columns.duration'), value: (r: Row) => r.avgDurationDays },
      ],
      rows,
    );

  return (
    <Panel
      title={t('analytics.promo.title')}
      description={t('analytics.promo.description')}
      headingId="analytics-promo"
      actions={<CsvButton onClick={exportCsv} what={t('analytics.promo.title')} disabled={rows.length === 0} />}
    >
      <PanelBody state={state} enabled={body !== null} isEmpty={(d) => d.networks.length === 0} errorTitle={t('analytics.loadError')}>
        {(d) => (
          <Stack gap="4">
            <BarSeriesChart
              label={t('analytics.promo.chartLabel')}
              data={chartRows}
              categoryKey="network"
              series={[
                { key: 'share', name: t('analytics.promo.columns.share') },
                { key: 'depth', name: t('analytics.promo.columns.avgDepth') },
              ]}
              formatValue={f.percent}
              height={280}
            />
            <DataTable
              label={t('analytics.promo.tableLabel')}
              columns={columns}
              data={d.networks}
              getRowId={(r) => r.network}
              initialSorting={[{ id: 'promoShare', desc: true }]}
            />
          </Stack>
        )}
      </PanelBody>
    </Panel>
  );
}
