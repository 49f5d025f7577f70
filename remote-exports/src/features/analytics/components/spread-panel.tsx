import { useEffect, useMemo, useState } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import type { AnalyticsBody, Currency, ProductsAnalytics } from '@pricewatch/shared/contract';
import { BarSeriesChart, CHART_COLORS } from '@pricewatch/shared/chart';
import { DataTable, Pager, dataColumnHelper } from '@pricewatch/shared/table';
import { CsvButton } from '../../../components/csv-button';
import { Panel } from '../../../components/panel';
import { downloadCsv } from '../../../lib/csv';
import { useFormatters } from '../../../lib/format';
import { useExportsTranslation } from '../../../lib/i18n';
import { ProductLink } from '../../../components/product-link';
import { useProductsAnalytics } from '../api/get-products-analytics';
import { PanelBody } from './panel-body';

export type SpreadRow = {
  id: string;
  name: string;
  currency: Currency;
  min: number;
  avg: number;
  max: number;
  spreadPct: number;
  cheapest: string;
  dearest: string;
  networks: number;
};

/**
 * Per product, the spread of its average price across the networks that sold it in the period: the
 * cheapest and dearest network's average, the mean of all, and (max − min) / min in %.
 */
export function spreadRows(data: ProductsAnalytics): SpreadRow[] {
  const rows: SpreadRow[] = [];
  for (const item of data.items) {
    const nets = item.networks;
    if (nets.length === 0) continue;
    const sorted = [...nets].sort((a, b) => a.avg - b.avg);
    const min = sorted[0]!;
    const max = sorted[sorted.length - 1]!;
    rows.push({
      id: item.product._id,
      name: item.product.name,
      currency: min.currency,
      min: min.avg,
      avg: nets.reduce((s, n) => s + n.avg, 0) / nets.length,
      max: max.avg,
      spreadPct: min.avg > 0 ? ((max.avg - min.avg) / min.avg) * 100 : 0,
      cheapest: min.networkName,
      dearest: max.networkName,
      networks: nets.length,
    });
  }
  return rows;
}

const col = dataColumnHelper<SpreadRow>();
const CHART_PRODUCTS = 12;
/** Products per page: the server answers every product of the selection, a page at a time, by id. */
export const SPREAD_PAGE_SIZE = 50;

export function SpreadPanel({ body, file }: { body: AnalyticsBody | null; file: string }) {
  const { t } = useExportsTranslation();
  const f = useFormatters();
  const [page, setPage] = useState(0);
  // Other filters: another selection, from its first page.
  useEffect(() => setPage(0), [body]);
  const paged = useMemo(() => (body ? { ...body, limit: SPREAD_PAGE_SIZE, skip: page * SPREAD_PAGE_SIZE } : null), [body, page]);
  const state = useProductsAnalytics(paged);
  const rows = useMemo(() => (state.data ? spreadRows(state.data) : []), [state.data]);
  const chartRows = useMemo(
    () =>
      [...rows]
        .filter((r) => r.networks > 1)
        .sort((a, b) => b.spreadPct - a.spreadPct)
        .slice(0, CHART_PRODUCTS)
        .map((r) => ({ product: r.name.length > 34 ? `${r.name.slice(0, 33)}…` : r.name, spread: Math.round(r.spreadPct * 10) / 10 })),
    [rows],
  );
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('name', {
          header: t('analytics.spread.columns.product'),
          sortFn: 'text',
          meta: { wrap: true, width: '16rem' },
          cell: (c) => <ProductLink id={c.row.original.id} name={c.getValue()} />,
        }),
        col.accessor('cheapest', { header: t('analytics.spread.columns.cheapest'), sortFn: 'text' }),
        col.accessor('min', {
          header: t('analytics.spread.columns.min'),
          sortFn: 'basic',
          meta: { numeric: true },
          cell: (c) => (
            <Text as="span" color="green.fg">
              {f.money(c.getValue(), c.row.original.currency)}
            </Text>
          ),
        }),
        col.accessor('avg', {
          header: t('analytics.spread.columns.avg'),
          sortFn: 'basic',
          meta: { numeric: true },
          cell: (c) => f.money(c.getValue(), c.row.original.currency),
        }),
        col.accessor('max', {
          header: t('analytics.spread.columns.max'),
          sortFn: 'basic',
          meta: { numeric: true },
          cell: (c) => f.money(c.getValue(), c.row.original.currency),
        }),
        col.accessor('dearest', { header: t('analytics.spread.columns.dearest'), sortFn: 'text' }),
        col.accessor('spreadPct', {
          header: t('analytics.spread.columns.spread'),
          sortFn: 'basic',
          meta: { numeric: true },
          cell: (c) => (
            <Text as="span" fontWeight="semibold">
              {f.percent(c.getValue())}
            </Text>
          ),
        }),
        col.accessor('networks', {
          header: t('analytics.spread.columns.networks'),
          sortFn: 'basic',
          meta: { numeric: true },
          cell: (c) => f.count(c.getValue()),
        }),
      ]),
    [t, f],
  );

  const exportCsv = () =>
    downloadCsv(
      `${file}-price-spread${page > 0 ? `-${page + 1}` : ''}.csv`,
      [
        { header: t('analytics.spread.columns.product'), value: (r: SpreadRow) => r.name },
        { header: t('analytics.spread.columns.cheapest'), value: (r: SpreadRow) => r.cheapest },
        { header: t('analytics.spread.columns.min'), value: (r: SpreadRow) => r.min },
        { header: t('analytics.spread.columns.avg'), value: (r: SpreadRow) => Math.round(r.avg * 100) / 100 },
        { header: t('analytics.spread.columns.max'), value: (r: SpreadRow) => r.max },
        { header: t('analytics.spread.columns.dearest'), value: (r: SpreadRow) => r.dearest },
        { header: t('analytics.spread.columns.spread'), value: (r: SpreadRow) => Math.round(r.spreadPct * 10) / 10 },
        { header: t('analytics.spread.columns.currency'), value: (r: SpreadRow) => r.currency },
      ],
      rows,
    );

  return (
    <Panel
      title={t('analytics.spread.title')}
      description={t('analytics.spread.description')}
      headingId="analytics-spread"
      actions={<CsvButton onClick={exportCsv} what={t('analytics.spread.title')} disabled={rows.length === 0} />}
    >
      <PanelBody state={state} enabled={body !== null} isEmpty={(d) => d.items.length === 0} errorTitle={t('analytics.loadError')}>
        {(d) => (
          <Stack gap="4">
            {chartRows.length > 0 && (
              <BarSeriesChart
                label={t('analytics.spread.chartLabel')}
                data={chartRows}
                categoryKey="product"
                series={[{ key: 'spread', name: t('analytics.spread.columns.spread'), color: CHART_COLORS[5] }]}
                formatValue={f.percent}
                horizontal
                categoryWidth={240}
                height={Math.max(200, chartRows.length * 30 + 40)}
              />
            )}
            <DataTable
              label={t('analytics.spread.tableLabel')}
              columns={columns}
              data={rows}
              getRowId={(r) => r.id}
              initialSorting={[{ id: 'spreadPct', desc: true }]}
            />
            <Pager pageIndex={page} pageSize={SPREAD_PAGE_SIZE} total={d.total} onPageChange={setPage} label={t('analytics.spread.pages')} />
          </Stack>
        )}
      </PanelBody>
    </Panel>
  );
}
