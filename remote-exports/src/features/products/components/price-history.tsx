import { useMemo, useState } from 'react';
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { PriceHistoryQuery, ShopHistory } from '@pricewatch/shared/contract';
import { HISTORY_MAX_DAYS } from '../../../lib/limits';
import { TimeSeriesChart, chartColor } from '@pricewatch/shared/chart';
import { DataTable, dataColumnHelper } from '@pricewatch/shared/table';
import { EmptyState, LoadingState } from '@pricewatch/shared/ui';
import { LoadError } from '../../../components/load-error';
import { Panel } from '../../../components/panel';
import { PeriodFields } from '../../../components/period-fields';
import { useFormatters } from '../../../lib/format';
import { useExportsTranslation } from '../../../lib/i18n';
import { lastDays, periodProblem, toUsDate, type Period } from '../../../lib/period';
import { usePriceHistory } from '../api/get-price-history';
import { historyChartRows, historyTableRows, priceKey, promoKey, type SpanRow } from './history-data';

/** Shops drawn at first: a chart with more lines is unreadable; the others are a click away. */
const FIRST_SHOWN = 6;
export const HISTORY_DEFAULT_DAYS = 90;

const col = dataColumnHelper<SpanRow>();

/**
 * Price history of the product per shop over a chosen period (default the last 90 days): a step
 * chart of the shelf price with promo days marked, and the same spans as a table.
 */
export function PriceHistory({ productId }: { productId: string }) {
  const { t } = useExportsTranslation();
  const f = useFormatters();
  const [period, setPeriod] = useState<Period>(() => lastDays(HISTORY_DEFAULT_DAYS));
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const valid = periodProblem(period, HISTORY_MAX_DAYS) === null;
  const query: PriceHistoryQuery | null = valid ? { product: productId, start: toUsDate(period.start), end: toUsDate(period.end) } : null;
  const history = usePriceHistory(query);
  const data = history.data;

  // Cheapest shops first: the default selection and the order of the toggles.
  const shops = useMemo(() => [...(data?.shops ?? [])].sort((a, b) => a.avg - b.avg), [data]);
  const shown = useMemo(() => shops.filter((s, i) => (chosen ? chosen.has(s.shopId) : i < FIRST_SHOWN)), [shops, chosen]);
  const chartRows = useMemo(() => (data ? historyChartRows(data, shown) : []), [data, shown]);
  const tableRows = useMemo(() => historyTableRows(shops), [shops]);
  const currency = shops[0]?.currency;

  const toggle = (shop: ShopHistory) => {
    const next = new Set(chosen ?? shops.slice(0, FIRST_SHOWN).map((s) => s.shopId));
    if (next.has(shop.shopId)) next.delete(shop.shopId);
    else next.add(shop.shopId);
    setChosen(next);
  };

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('shopName', {
          header: t('productCard.history.columns.shop'),
          sortFn: 'text',
          meta: { wrap: true },
          cell: (c) => (
            <Stack gap="0">
              <Text>{c.getValue()}</Text>
              <Text fontSize="xs" color="fg.muted">
                {c.row.original.networkName}
              </Text>
            </Stack>
          ),
        }),
        col.accessor('start', { header: t('productCard.history.columns.from'), sortFn: 'alphanumeric', cell: (c) => f.day(c.getValue()) }),
        col.accessor('end', { header: t('productCard.history.columns.to'), sortFn: 'alphanumeric', cell: (c) => f.day(c.getValue()) }),
        col.accessor('days', { header: t('productCard.history.columns.days'), sortFn: 'basic', meta: { numeric: true }, cell: (c) => f.count(c.getValue()) }),
        col.accessor('regular', {
          header: t('productCard.history.columns.regular'),
          sortFn: 'basic',
          meta: { numeric: true },
          cell: (c) => f.money(c.getValue(), c.row.original.currency),
        }),
        col.accessor((r) => r.promo ?? undefined, {
          id: 'promo',
          header: t('productCard.history.columns.promo'),
          sortFn: 'basic',
          sortUndefined: 'last',
          meta: { numeric: true },
          cell: (c) =>
            c.row.original.promo === null ? (
              <Text as="span" color="fg.muted">
                —
              </Text>
            ) : (
              <HStack gap="2" justify="flex-end">
                <Badge colorPalette="orange" variant="subtle" size="sm">
                  {t('productCard.history.promo')}
                </Badge>
                <Text as="span" color="orange.fg" fontWeight="medium">
                  {f.money(c.row.original.promo, c.row.original.currency)}
                </Text>
              </HStack>
            ),
        }),
        col.accessor('inStock', {
          header: t('productCard.history.columns.stock'),
          enableSorting: false,
          cell: (c) => (c.getValue() ? t('productCard.prices.inStock') : t('productCard.prices.outOfStock')),
        }),
      ]),
    [t, f],
  );

  return (
    <Panel
      title={t('productCard.history.title')}
      description={t('productCard.history.description')}
      headingId="price-history"
      actions={<PeriodFields value={period} onChange={setPeriod} maxDays={HISTORY_MAX_DAYS} />}
    >
      {!valid ? (
        <Text color="fg.muted" fontSize="sm">
          {t('period.fixToContinue')}
        </Text>
      ) : history.error ? (
        <LoadError title={t('productCard.history.loadError')} error={history.error} onRetry={history.reload} />
      ) : !data ? (
        <LoadingState />
      ) : shops.length === 0 ? (
        <EmptyState title={t('productCard.history.none')} description={t('productCard.history.noneDescription')} />
      ) : (
        <Stack gap="4" opacity={history.loading ? 0.6 : 1} aria-busy={history.loading || undefined}>
          {shops.length > 1 && (
            <HStack gap="2" wrap="wrap" role="group" aria-label={t('productCard.history.shopsShown')}>
              {shops.map((s) => {
                const on = shown.includes(s);
                const color = on ? chartColor(shown.indexOf(s)) : undefined;
                return (
                  <Button
                    key={s.shopId}
                    size="xs"
                    variant={on ? 'outline' : 'ghost'}
                    aria-pressed={on}
                    onClick={() => toggle(s)}
                    color={on ? 'fg' : 'fg.muted'}
                  >
                    <Box as="span" w="2.5" h="2.5" borderRadius="full" bg={color ?? 'gray.300'} aria-hidden />
                    {s.shopName}
                  </Button>
                );
              })}
            </HStack>
          )}
          {shown.length > 0 && currency && (
            <TimeSeriesChart
              label={t('productCard.history.chartLabel')}
              data={chartRows}
              xKey="day"
              series={shown.map((s) => ({ key: priceKey(s.shopId), name: s.shopName, step: true, markKey: promoKey(s.shopId) }))}
              formatX={f.shortDay}
              formatY={(v) => f.money(v, currency)}
              formatYShort={f.amount}
              yUnit={currency}
              markLabel={t('productCard.history.promoMark')}
              height={340}
              yWidth={96}
            />
          )}
          <Box>
            <Text as="h3" fontWeight="semibold" fontSize="sm" mb="2" id="history-table-title">
              {t('productCard.history.tableTitle')}
            </Text>
            <DataTable label={t('productCard.history.tableLabel')} columns={columns} data={tableRows} getRowId={(r) => r.id} pageSize={10} />
          </Box>
        </Stack>
      )}
    </Panel>
  );
}
