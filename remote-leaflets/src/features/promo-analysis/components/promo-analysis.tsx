import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import { BarSeriesChart, TimeSeriesChart } from '@pricewatch/shared/chart';
import { LEAFLET_LIMITS, type PromoAnalysis, type PromoRow } from '@pricewatch/shared/contract';
import { peekDeployment } from '@pricewatch/shared/deployment';
import { menuVisibility } from '@pricewatch/shared/permissions';
import { DataTable, dataColumnHelper } from '@pricewatch/shared/table';
import { EmptyState, ErrorState, LoadingState, PageHeader, toaster } from '@pricewatch/shared/ui';
import { useNetworks } from '../../../lib/catalogue/use-networks';
import { useErrorText } from '../../../lib/error-text';
import { isoToUs, useFormatters } from '../../../lib/format';
import { useLeafletsTranslation } from '../../../lib/i18n';
import { useApi } from '@pricewatch/shared/query';
import { exportPromoAnalysis, getPromoAnalysis, type PromoQuery } from '../api/promo-analysis';
import { PromoFilters, lastDays, periodProblem, type PromoFilter } from './promo-filters';

/** Groups drawn in a bar chart (the table beside it has all of them). */
export const CHART_GROUPS = 15;
const LIST_PATH = '/leaflet';

/** The promo-analysis screen (route /promo-analysis, inside the shell). */
export function PromoAnalysisView() {
  const { t } = useLeafletsTranslation();
  const user = useAuthStore(selectUser);
  const country = peekDeployment()?.country ?? 'cz';
  if (!menuVisibility(user, country).promoAnalysis) {
    return (
      <Box>
        <PageHeader title={t('promo.title')} />
        <EmptyState title={t('promo.notAvailable.title')} description={t('promo.notAvailable.description')} />
      </Box>
    );
  }
  return <PromoAnalysisBody canExport={!user?.isGuest} />;
}

function Panel({ title, description, headingId, children }: { title: string; description?: string; headingId: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={headingId} bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }} shadow="xs" minW="0">
      <Heading as="h2" size="md" id={headingId}>
        {title}
      </Heading>
      {description && (
        <Text mt="1" mb="3" fontSize="sm" color="fg.muted">
          {description}
        </Text>
      )}
      <Stack gap="4" mt={description ? '0' : '3'}>
        {children}
      </Stack>
    </Box>
  );
}

type Row = PromoRow & { name: string };
const col = dataColumnHelper<Row>();

function PromoAnalysisBody({ canExport }: { canExport: boolean }) {
  const { t } = useLeafletsTranslation();
  const f = useFormatters();
  const { errorText } = useErrorText();
  const [filter, setFilter] = useState<PromoFilter>(() => ({ ...lastDays(28), groupBy: 'network', networks: [] }));
  const [exporting, setExporting] = useState(false);
  const networks = useNetworks();
  const problem = periodProblem(filter, LEAFLET_LIMITS.promoMaxDays);
  const query: PromoQuery | null = problem
    ? null
    : { start: isoToUs(filter.start), end: isoToUs(filter.end), groupBy: filter.groupBy, networks: filter.networks };
  const key = query ? JSON.stringify(query) : null;
  const state = useApi(key, () => getPromoAnalysis(query!));
  const data = state.data;

  const networkName = useMemo(() => new Map((networks.data ?? []).map((n) => [n.code, n.name])), [networks.data]);
  const rows: Row[] = useMemo(
    () => (data?.rows ?? []).map((r) => ({ ...r, name: r.key === 'none' && data?.groupBy !== 'network' ? t('promo.noGroup') : r.label })),
    [data, t],
  );
  const groupHeader = t(data?.groupBy === 'brand' ? 'promo.groupBy.brand' : data?.groupBy === 'section' ? 'promo.groupBy.section' : 'promo.groupBy.network');

  const runExport = async () => {
    if (!query) return;
    setExporting(true);
    try {
      await exportPromoAnalysis(query, `promo-analysis-${filter.start}-${filter.end}.xlsx`);
      toaster.create({ type: 'success', title: t('promo.export.done') });
    } catch (error) {
      toaster.create({ type: 'error', title: t('promo.export.failed'), description: errorText(error) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box>
      <PageHeader
        title={t('promo.title')}
        description={t('promo.description')}
        actions={
          <>
            <Link asChild colorPalette="blue" alignSelf="center" me="2">
              <RouterLink to={LIST_PATH}>{t('promo.leafletsLink')}</RouterLink>
            </Link>
            {canExport && (
              <Button
                size="sm"
                colorPalette="blue"
                onClick={runExport}
                loading={exporting}
                loadingText={t('promo.export.busy')}
                disabled={!query || !rows.length}
              >
                {t('promo.export.button')}
              </Button>
            )}
          </>
        }
      />
      <Stack gap="5">
        <PromoFilters
          value={filter}
          onChange={(next) => setFilter((v) => ({ ...v, ...next }))}
          networks={networks.data ?? []}
          maxDays={LEAFLET_LIMITS.promoMaxDays}
        />
        {problem ? (
          <Text color="fg.muted" fontSize="sm">
            {t('promo.period.fixToContinue')}
          </Text>
        ) : state.error ? (
          <ErrorState title={t('promo.loadFailed')} message={errorText(state.error)} onRetry={state.reload} />
        ) : !data ? (
          <LoadingState label={t('promo.loading')} />
        ) : (
          <Stack gap="5" aria-busy={state.loading || undefined} opacity={state.loading ? 0.6 : 1}>
            <Text fontSize="sm" color="fg.muted">
              {t('promo.periodShown', { period: f.period(data.start, data.end) })}
            </Text>
            {rows.length === 0 ? (
              <EmptyState title={t('promo.empty.title')} description={t('promo.empty.description')} />
            ) : (
              <GroupPanels rows={rows} groupHeader={groupHeader} />
            )}
            <SimpleGrid columns={{ base: 1, '2xl': 2 }} gap="5">
              <MechanicsPanel mechanics={data.mechanics} />
              <WeeklyPanel weekly={data.weekly} networkName={networkName} />
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

/** The first CHART_GROUPS rows by `figure`, for a chart. */
function topBy(rows: Row[], figure: (r: Row) => number | null): Row[] {
  return [...rows].sort((a, b) => (figure(b) ?? -1) - (figure(a) ?? -1) || a.name.localeCompare(b.name)).slice(0, CHART_GROUPS);
}

function ChartNote({ shown, total }: { shown: number; total: number }) {
  const { t } = useLeafletsTranslation();
  if (shown >= total) return null;
  return (
    <Text fontSize="xs" color="fg.muted">
      {t('promo.chartTop', { shown, total })}
    </Text>
  );
}

function GroupPanels({ rows, groupHeader }: { rows: Row[]; groupHeader: string }) {
  const { t } = useLeafletsTranslation();
  const f = useFormatters();
  const dash = (v: number | null, fmt: (n: number) => string) => (v === null ? '—' : fmt(v));
  const name = col.accessor('name', {
    header: groupHeader,
    sortFn: 'text',
    cell: (c) => (
      <Text as="span" fontWeight="medium">
        {c.getValue()}
      </Text>
    ),
  });
  const num = (id: keyof Row & string, header: string, fmt: (n: number) => string) =>
    col.accessor((r) => (r[id] as number | null) ?? undefined, {
      id,
      header,
      sortFn: 'basic',
      sortUndefined: 'last',
      meta: { numeric: true },
      cell: (c) => dash(c.row.original[id] as number | null, fmt),
    });
  const days = (n: number) => f.number(n);
  const columns = useMemo(
    () => ({
      share: col.columns([
        name,
        num('products', t('promo.columns.products'), f.number),
        num('promoProducts', t('promo.columns.promoProducts'), f.number),
        num('promoSharePct', t('promo.columns.promoShare'), f.percent),
      ]),
      depth: col.columns([name, num('avgDepthPct', t('promo.columns.avgDepth'), f.percent), num('maxDepthPct', t('promo.columns.maxDepth'), f.percent)]),
      timing: col.columns([
        name,
        num('avgDurationDays', t('promo.columns.avgDuration'), days),
        num('promoCount', t('promo.columns.promoCount'), f.number),
        num('promosPerProduct', t('promo.columns.promosPerProduct'), f.number),
      ]),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, f, groupHeader],
  );
  const shareRows = topBy(rows, (r) => r.promoSharePct);
  const depthRows = topBy(rows, (r) => r.avgDepthPct);
  const timingRows = topBy(rows, (r) => r.promoCount);
  const chartHeight = (n: number) => Math.max(160, n * 30 + 60);
  return (
    <>
      <Panel title={t('promo.share.title')} description={t('promo.share.description')} headingId="promo-share">
        <BarSeriesChart
          label={t('promo.share.chart')}
          data={shareRows.map((r) => ({ name: r.name, share: r.promoSharePct }))}
          categoryKey="name"
          series={[{ key: 'share', name: t('promo.columns.promoShare') }]}
          formatValue={f.percent}
          horizontal
          height={chartHeight(shareRows.length)}
        />
        <ChartNote shown={shareRows.length} total={rows.length} />
        <DataTable
          label={t('promo.share.table')}
          columns={columns.share}
          data={rows}
          getRowId={(r) => r.key}
          initialSorting={[{ id: 'promoSharePct', desc: true }]}
          pageSize={20}
        />
      </Panel>
      <SimpleGrid columns={{ base: 1, '2xl': 2 }} gap="5">
        <Panel title={t('promo.depth.title')} description={t('promo.depth.description')} headingId="promo-depth">
          <BarSeriesChart
            label={t('promo.depth.chart')}
            data={depthRows.map((r) => ({ name: r.name, avg: r.avgDepthPct ?? 0, max: r.maxDepthPct ?? 0 }))}
            categoryKey="name"
            series={[
              { key: 'avg', name: t('promo.columns.avgDepth') },
              { key: 'max', name: t('promo.columns.maxDepth') },
            ]}
            formatValue={f.percent}
            horizontal
            height={chartHeight(depthRows.length * 1.5)}
          />
          <ChartNote shown={depthRows.length} total={rows.length} />
          <DataTable
            label={t('promo.depth.table')}
            columns={columns.depth}
            data={rows}
            getRowId={(r) => r.key}
            initialSorting={[{ id: 'avgDepthPct', desc: true }]}
            pageSize={20}
          />
        </Panel>
        <Panel title={t('promo.timing.title')} description={t('promo.timing.description')} headingId="promo-timing">
          <BarSeriesChart
            label={t('promo.timing.chart')}
            data={timingRows.map((r) => ({ name: r.name, duration: r.avgDurationDays ?? 0, perProduct: r.promosPerProduct ?? 0 }))}
            categoryKey="name"
            series={[
              { key: 'duration', name: t('promo.columns.avgDuration') },
              { key: 'perProduct', name: t('promo.columns.promosPerProduct') },
            ]}
            formatValue={f.number}
            horizontal
            height={chartHeight(timingRows.length * 1.5)}
          />
          <ChartNote shown={timingRows.length} total={rows.length} />
          <DataTable
            label={t('promo.timing.table')}
            columns={columns.timing}
            data={rows}
            getRowId={(r) => r.key}
            initialSorting={[{ id: 'promoCount', desc: true }]}
            pageSize={20}
          />
        </Panel>
      </SimpleGrid>
    </>
  );
}

type MechanicsRow = PromoAnalysis['mechanics'][number] & { name: string };
const mcol = dataColumnHelper<MechanicsRow>();

const MECHANICS_KEYS = {
  discount: 'mechanics.discount',
  multi_buy: 'mechanics.multi_buy',
  card: 'mechanics.card',
  second_item: 'mechanics.second_item',
  bundle: 'mechanics.bundle',
  other: 'mechanics.other',
} as const;

function MechanicsPanel({ mechanics }: { mechanics: PromoAnalysis['mechanics'] }) {
  const { t } = useLeafletsTranslation();
  const f = useFormatters();
  const rows = useMemo(() => mechanics.map((m) => ({ ...m, name: t(MECHANICS_KEYS[m.mechanics]) })), [mechanics, t]);
  const columns = useMemo(
    () =>
      mcol.columns([
        mcol.accessor('name', { header: t('promo.mechanics.name'), sortFn: 'text' }),
        mcol.accessor('count', { header: t('promo.mechanics.count'), sortFn: 'basic', meta: { numeric: true }, cell: (c) => f.number(c.getValue()) }),
        mcol.accessor((r) => r.avgDiscountPct ?? undefined, {
          id: 'avgDiscountPct',
          header: t('promo.mechanics.avgDiscount'),
          sortFn: 'basic',
          sortUndefined: 'last',
          meta: { numeric: true },
          cell: (c) => f.percent(c.row.original.avgDiscountPct),
        }),
      ]),
    [t, f],
  );
  return (
    <Panel title={t('promo.mechanics.title')} description={t('promo.mechanics.description')} headingId="promo-mechanics">
      {rows.length === 0 ? (
        <EmptyState title={t('promo.mechanics.empty')} description={t('promo.mechanics.emptyHint')} />
      ) : (
        <>
          <BarSeriesChart
            label={t('promo.mechanics.chart')}
            data={rows.map((r) => ({ name: r.name, count: r.count }))}
            categoryKey="name"
            series={[{ key: 'count', name: t('promo.mechanics.count') }]}
            formatValue={f.number}
            horizontal
            height={Math.max(160, rows.length * 36 + 60)}
          />
          <DataTable
            label={t('promo.mechanics.table')}
            columns={columns}
            data={rows}
            getRowId={(r) => r.mechanics}
            initialSorting={[{ id: 'count', desc: true }]}
          />
        </>
      )}
    </Panel>
  );
}

type WeekRow = { week: string } & Record<string, number | string | null>;

function WeeklyPanel({ weekly, networkName }: { weekly: PromoAnalysis['weekly']; networkName: Map<string, string> }) {
  const { t } = useLeafletsTranslation();
  const f = useFormatters();
  const networks = useMemo(() => [...new Set(weekly.map((w) => w.network))].sort(), [weekly]);
  const rows = useMemo(() => {
    const byWeek = new Map<string, WeekRow>();
    for (const w of weekly) {
      const row = byWeek.get(w.week) ?? { week: w.week };
      row[w.network] = w.promoSharePct;
      byWeek.set(w.week, row);
    }
    return [...byWeek.values()].sort((a, b) => a.week.localeCompare(b.week));
  }, [weekly]);
  const columns = useMemo(() => {
    const wcol = dataColumnHelper<WeekRow>();
    return wcol.columns([
      wcol.accessor('week', { header: t('promo.weekly.week'), sortFn: 'text', cell: (c) => f.day(c.getValue()) }),
      ...networks.map((code) =>
        wcol.accessor((r) => (r[code] as number | null | undefined) ?? undefined, {
          id: code,
          header: networkName.get(code) ?? code,
          sortFn: 'basic',
          sortUndefined: 'last',
          meta: { numeric: true },
          cell: (c) => f.percent((c.row.original[code] as number | undefined) ?? null),
        }),
      ),
    ]);
  }, [networks, networkName, t, f]);
  return (
    <Panel title={t('promo.weekly.title')} description={t('promo.weekly.description')} headingId="promo-weekly">
      {rows.length === 0 ? (
        <EmptyState title={t('promo.weekly.empty')} />
      ) : (
        <>
          <TimeSeriesChart
            label={t('promo.weekly.chart')}
            data={rows}
            xKey="week"
            series={networks.map((code) => ({ key: code, name: networkName.get(code) ?? code }))}
            formatX={f.day}
            formatY={f.percent}
            yDomain={[0, 'auto']}
            height={280}
          />
          <Flex overflowX="auto">
            <DataTable label={t('promo.weekly.table')} columns={columns} data={rows} getRowId={(r) => r.week} initialSorting={[{ id: 'week', desc: false }]} />
          </Flex>
        </>
      )}
    </Panel>
  );
}
