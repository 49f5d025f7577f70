import { useMemo } from 'react';
import { Badge, Stack, Text } from '@chakra-ui/react';
import type { AnalyticsBody, PricesAnalytics } from '@pricewatch/shared/contract';
import { TimeSeriesChart } from '@pricewatch/shared/chart';
import { DataTable, dataColumnHelper } from '@pricewatch/shared/table';
import { CsvButton } from '../../../components/csv-button';
import { Panel } from '../../../components/panel';
import { downloadCsv } from '../../../lib/csv';
import { useFormatters } from '../../../lib/format';
import { useExportsTranslation } from '../../../lib/i18n';
import { usePricesAnalytics } from '../api/get-prices-analytics';
import { PanelBody } from './panel-body';

export type IndexRow = {
  network: string;
  networkName: string;
  isBase: boolean;
  index: number | null;
  minIndex: number | null;
  maxIndex: number | null;
  avgPrice: number | null;
  currency: PricesAnalytics['networks'][number]['currency'];
  days: number;
  /** The most products the index compared on one day of the period: priced by both this network and the base. */
  compared: number;
  /** A base network is chosen and this network prices in its currency: the index can compare it. */
  comparable: boolean;
};

/**
 * Networks the index cannot compare at all: the base's currency, yet no day with a product priced by both. Said in
 * words, so a missing index is not read as "same level".
 */
export function withoutCommonDays(rows: IndexRow[]): IndexRow[] {
  return rows.filter((r) => r.comparable && !r.isBase && r.compared === 0);
}

/** One table row per network: the period index and the range of its daily index. */
export function indexRows(data: PricesAnalytics): IndexRow[] {
  const base = data.networks.find((n) => n.network === data.baseNetwork);
  return data.networks.map((n) => {
    const indexes = n.points.map((p) => p.index).filter((v): v is number => v !== null);
    return {
      network: n.network,
      networkName: n.networkName,
      isBase: n.network === data.baseNetwork,
      index: n.index,
      minIndex: indexes.length ? Math.min(...indexes) : null,
      maxIndex: indexes.length ? Math.max(...indexes) : null,
      avgPrice: n.points.length ? n.points.reduce((s, p) => s + p.avg, 0) / n.points.length : null,
      currency: n.currency,
      days: n.points.length,
      compared: n.points.reduce((m, p) => Math.max(m, p.compared), 0),
      comparable: !!base && n.currency === base.currency,
    };
  });
}

const col = dataColumnHelper<IndexRow>();
const indexKey = (network: string) => `index_${network}`;

/**
 * Price index by network against the base network (100 = the base's prices; 95 = 5 % cheaper), day by
 * day as lines, and per network over the period in the table.
 */
export function PriceIndexPanel({ body, file }: { body: AnalyticsBody | null; file: string }) {
  const { t } = useExportsTranslation();
  const f = useFormatters();
  const state = usePricesAnalytics(body);
  const data = state.data;

  const rows = useMemo(() => (data ? indexRows(data) : []), [data]);
  const chart = useMemo(() => {
    if (!data) return { rows: [], series: [] };
    const withIndex = data.networks.filter((n) => n.points.some((p) => p.index !== null));
    const byDay = new Map<string, Record<string, unknown>>();
    for (const n of withIndex) {
      for (const p of n.points) {
        const row = byDay.get(p.day) ?? { day: p.day };
        row[indexKey(n.network)] = p.index;
        byDay.set(p.day, row);
      }
    }
    return {
      rows: [...byDay.values()].sort((a, b) => String(a.day).localeCompare(String(b.day))),
      series: withIndex.map((n) => ({
        key: indexKey(n.network),
        name: n.network === data.baseNetwork ? `${n.networkName} (${t('analytics.filters.base')})` : n.networkName,
        dashed: n.network === data.baseNetwork,
      })),
    };
  }, [data, t]);

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('networkName', {
          header: t('analytics.index.columns.network'),
          sortFn: 'text',
          cell: (c) => (
            <Text as="span" fontWeight="medium">
              {c.getValue()}
              {c.row.original.isBase && (
                <Badge ms="2" size="sm" variant="outline">
                  {t('analytics.filters.base')}
                </Badge>
              )}
            </Text>
          ),
        }),
        col.accessor((r) => r.index ?? undefined, {
          id: 'index',
          header: t('analytics.index.columns.index'),
          sortFn: 'basic',
          sortUndefined: 'last',
          meta: { numeric: true },
          cell: (c) => {
            const v = c.row.original.index;
            if (v === null)
              return (
                <Text as="span" color="fg.muted">
                  —
                </Text>
              );
            const tone = c.row.original.isBase || Math.abs(v - 100) < 0.05 ? undefined : v < 100 ? 'green.fg' : 'red.fg';
            return (
              <Text as="span" fontWeight="semibold" color={tone}>
                {f.decimal(v)}
              </Text>
            );
          },
        }),
        col.accessor((r) => (r.index === null ? undefined : r.index - 100), {
          id: 'difference',
          header: t('analytics.index.columns.difference'),
          sortFn: 'basic',
          sortUndefined: 'last',
          meta: { numeric: true },
          cell: (c) => {
            const v = c.row.original.index;
            if (v === null || c.row.original.isBase)
              return (
                <Text as="span" color="fg.muted">
                  —
                </Text>
              );
            const d = v - 100;
            return `${d > 0 ? '+' : d < 0 ? '−' : ''}${f.percent(Math.abs(d))}`;
          },
        }),
        col.accessor((r) => r.minIndex ?? undefined, {
          id: 'minIndex',
          header: t('analytics.index.columns.minIndex'),
          sortFn: 'basic',
          sortUndefined: 'last',
          meta: { numeric: true },
          cell: (c) => (c.row.original.minIndex === null ? '—' : f.decimal(c.row.original.minIndex)),
        }),
        col.accessor((r) => r.maxIndex ?? undefined, {
          id: 'maxIndex',
          header: t('analytics.index.columns.maxIndex'),
          sortFn: 'basic',
          sortUndefined: 'last',
          meta: { numeric: true },
          cell: (c) => (c.row.original.maxIndex === null ? '—' : f.decimal(c.row.original.maxIndex)),
        }),
        col.accessor((r) => r.avgPrice ?? undefined, {
          id: 'avgPrice',
          header: t('analytics.index.columns.avgPrice'),
          sortFn: 'basic',
          sortUndefined: 'last',
          meta: { numeric: true },
          cell: (c) => (c.row.original.avgPrice === null ? '—' : f.money(c.row.original.avgPrice, c.row.original.currency)),
        }),
        col.accessor((r) => (r.comparable ? r.compared : undefined), {
          id: 'compared',
          header: t('analytics.index.columns.compared'),
          sortFn: 'basic',
          sortUndefined: 'last',
          meta: { numeric: true },
          cell: (c) => (c.getValue() === undefined ? '—' : f.count(c.row.original.compared)),
        }),
        col.accessor('days', { header: t('analytics.index.columns.days'), sortFn: 'basic', meta: { numeric: true }, cell: (c) => f.count(c.getValue()) }),
      ]),
    [t, f],
  );

  const exportCsv = () =>
    downloadCsv(
      `${file}-price-index.csv`,
      [
        { header: t('analytics.index.columns.network'), value: (r: IndexRow) => r.networkName },
        { header: t('analytics.index.columns.index'), value: (r: IndexRow) => r.index },
        { header: t('analytics.index.columns.minIndex'), value: (r: IndexRow) => r.minIndex },
        { header: t('analytics.index.columns.maxIndex'), value: (r: IndexRow) => r.maxIndex },
        {
          header: `${t('analytics.index.columns.avgPrice')} (${rows[0]?.currency ?? ''})`,
          value: (r: IndexRow) => (r.avgPrice === null ? null : Math.round(r.avgPrice * 100) / 100),
        },
        { header: t('analytics.index.columns.compared'), value: (r: IndexRow) => (r.comparable ? r.compared : null) },
        { header: t('analytics.index.columns.days'), value: (r: IndexRow) => r.days },
      ],
      rows,
    );

  return (
    <Panel
      title={t('analytics.index.title')}
      description={t('analytics.index.description')}
      headingId="analytics-index"
      actions={<CsvButton onClick={exportCsv} what={t('analytics.index.title')} disabled={rows.length === 0} />}
    >
      <PanelBody state={state} enabled={body !== null} isEmpty={(d) => d.networks.length === 0} errorTitle={t('analytics.loadError')}>
        {() => (
          <Stack gap="4">
            {chart.series.length > 0 ? (
              <TimeSeriesChart
                label={t('analytics.index.chartLabel')}
                data={chart.rows}
                xKey="day"
                series={chart.series}
                formatX={f.shortDay}
                formatY={(v) => f.decimal(v)}
                reference={{ y: 100 }}
                height={300}
              />
            ) : (
              <Text fontSize="sm" color="fg.muted">
                {t('analytics.index.noIndex')}
              </Text>
            )}
            <DataTable
              label={t('analytics.index.tableLabel')}
              columns={columns}
              data={rows}
              getRowId={(r) => r.network}
              initialSorting={[{ id: 'index', desc: false }]}
            />
            {/* With no index at all, noIndex above already says so. */}
            {chart.series.length > 0 &&
              withoutCommonDays(rows).map((row) => (
                <Text key={row.network} fontSize="sm" color="fg.muted">
                  {t('analytics.index.noCommon', { network: row.networkName, base: rows.find((r) => r.isBase)!.networkName })}
                </Text>
              ))}
          </Stack>
        )}
      </PanelBody>
    </Panel>
  );
}
