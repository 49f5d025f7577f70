import { useCallback, useMemo, useState } from 'react';
import { Badge, Box, Button, Checkbox, HStack, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import { mayEditParsers } from '@pricewatch/shared/permissions';
import { downloadFile } from '@pricewatch/shared/api';
import { BarSeriesChart, chartColor } from '@pricewatch/shared/chart';
import type { ParserListItem, ParserRun } from '@pricewatch/shared/contract';
import { DataTable, Pager, dataColumnHelper } from '@pricewatch/shared/table';
import { toaster, ErrorState, LoadingState } from '@pricewatch/shared/ui';
import { forceStart, getParsers, getRunResults } from '../api/parsers';
import { RunProgress, useLiveRun } from './run-progress';
import { useErrorText } from '../../../lib/error-text';
import { useParsersTranslation } from '../../../lib/i18n';
import { scheduleInWords } from '../../../lib/schedule-words';
import { NetworkName } from '../../../lib/network-names';
import { getDeployment } from '@pricewatch/shared/deployment';
import { useApi } from '@pricewatch/shared/query';

const PAGE_SIZE = 30;

/** The last-run chart's colours: problems red (the palette's third colour is green, which reads as fine). */
export const RUN_CHART_COLORS = { prices: chartColor(0), notFound: chartColor(1), problems: chartColor(3) } as const;

type Filters = { text: string; onlyWithProblems: boolean; onlyWithNotFound: boolean; page: number };

function StatusCell({ parser, started, onEnd }: { parser: ParserListItem; started: ParserRun | null; onEnd: (parserId: string, run: ParserRun) => void }) {
  const { t } = useParsersTranslation();
  const live = useLiveRun(started ?? parser.activeRun, (run) => onEnd(parser._id, run));
  if (live && (live.status === 'queued' || live.status === 'running')) return <RunProgress run={live} name={parser.name} />;
  const last = live ?? parser.lastRun;
  if (!last) return <Text color="fg.muted">{t('status.never')}</Text>;
  return (
    <Badge colorPalette={last.status === 'done' ? 'green' : 'red'} variant="subtle">
      {t(`status.${last.status}`)}
    </Badge>
  );
}

function ProblemsCell({ parser }: { parser: ParserListItem }) {
  const { t } = useParsersTranslation();
  const errors = Object.entries(parser.lastRun?.errors ?? {});
  return (
    // On a phone two or three badges a line (Kaufland's seven stacked one under another: a row ~330 px tall).
    <Wrap gap="1" minW={{ base: '12rem', md: 'auto' }}>
      {parser.flagged && (
        <Badge colorPalette="red" variant="solid" whiteSpace="normal">
          {t('flagged', { count: parser.failingStreak })}
        </Badge>
      )}
      {errors.map(([kind, n]) => (
        // A long problem name in a longer language wraps inside its badge rather than widening the table.
        <Badge key={kind} colorPalette="orange" variant="subtle" whiteSpace="normal">
          {t(`problemKinds.${kind}`, { defaultValue: kind })}: {n}
        </Badge>
      ))}
      {!errors.length && !parser.flagged && <Text color="fg.muted">—</Text>}
    </Wrap>
  );
}

/**
 * `suspicious`: the count of held prices waiting, how to open their queue (a filter of this screen), and
 * how many decisions were made there (a rejection is a problem of its run: the list is read again).
 */
export function ParsersPanel({
  canWrite,
  suspicious,
  toMatch,
  onDelete,
}: {
  canWrite: boolean;
  /** Delete asked for (the screen asks first, then counts the change into `suspicious.decisions`). */
  onDelete?: (parser: ParserListItem) => void;
  suspicious?: { count: number; open: () => void; decisions: number };
  /** Opens "To match" on a parser's pages whose product matched nothing. */
  toMatch?: { open: (parserId: string) => void };
}) {
  const { t, i18n } = useParsersTranslation();
  const errorText = useErrorText();
  const [filters, setFilters] = useState<Filters>({ text: '', onlyWithProblems: false, onlyWithNotFound: false, page: 0 });
  const [started, setStarted] = useState<Record<string, ParserRun>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const user = useAuthStore(selectUser);
  const query = {
    limit: PAGE_SIZE,
    skip: filters.page * PAGE_SIZE,
    filters: filters.text.trim() || undefined,
    onlyWithProblems: filters.onlyWithProblems || undefined,
    onlyWithNotFound: filters.onlyWithNotFound || undefined,
  };
  const list = useApi(`${JSON.stringify(query)}#${suspicious?.decisions ?? 0}`, () => getParsers(query));
  const reload = list.reload;
  const onEnd = useCallback(
    (parserId: string, run: ParserRun) => {
      setStarted((s) => ({ ...s, [parserId]: run }));
      reload();
    },
    [reload],
  );

  const start = useCallback(
    async (p: ParserListItem) => {
      setBusy(p._id);
      try {
        const [run] = await forceStart({ parsers: [p._id] });
        if (run) setStarted((s) => ({ ...s, [p._id]: run }));
      } catch (err) {
        toaster.create({ type: 'error', title: t('actions.startFailed'), description: errorText(err) });
      } finally {
        setBusy(null);
      }
    },
    [t, errorText],
  );

  const download = useCallback(
    async (p: ParserListItem, run: ParserRun) => {
      setBusy(`dl-${p._id}`);
      try {
        const { file, extension } = await getRunResults(run._id);
        await downloadFile(file, `${p.code}-run-${run._id}${extension}`);
      } catch (err) {
        toaster.create({ type: 'error', title: t('actions.downloadFailed'), description: errorText(err) });
      } finally {
        setBusy(null);
      }
    },
    [t, errorText],
  );

  const { timeZone } = getDeployment();
  // Times in the deployment's zone, like the schedules beside them.
  const dateTime = useMemo(
    () => new Intl.DateTimeFormat(i18n.language === 'ua' ? 'uk' : i18n.language, { dateStyle: 'short', timeStyle: 'short', timeZone }),
    [i18n.language, timeZone],
  );
  const columns = useMemo(() => {
    const col = dataColumnHelper<ParserListItem>();
    return [
      col.accessor('name', {
        header: t('columns.name'),
        meta: { wrap: true },
        cell: (c) => (
          <Stack gap="0">
            <Text fontWeight="medium">{c.row.original.name}</Text>
            <Text fontSize="xs" color="fg.muted">
              <NetworkName code={c.row.original.network} /> · {c.row.original.country.toUpperCase()} · {t(`strategies.${c.row.original.strategy}`)}
            </Text>
          </Stack>
        ),
      }),
      col.display({
        id: 'status',
        header: t('columns.status'),
        cell: (c) => <StatusCell parser={c.row.original} started={started[c.row.original._id] ?? null} onEnd={onEnd} />,
      }),
      col.display({
        id: 'lastRun',
        header: t('columns.lastRun'),
        cell: (c) => {
          const r = c.row.original.lastRun;
          return r?.finishedAt ? dateTime.format(new Date(r.finishedAt)) : '—';
        },
      }),
      col.display({ id: 'pages', header: t('columns.pages'), meta: { numeric: true }, cell: (c) => c.row.original.lastRun?.pagesDone ?? '—' }),
      col.display({ id: 'prices', header: t('columns.prices'), meta: { numeric: true }, cell: (c) => c.row.original.lastRun?.pricesFound ?? '—' }),
      col.display({ id: 'notFound', header: t('columns.notFound'), meta: { numeric: true }, cell: (c) => c.row.original.lastRun?.notFound ?? '—' }),
      col.display({
        id: 'toMatch',
        header: t('columns.toMatch'),
        meta: { numeric: true },
        cell: (c) => {
          const p = c.row.original;
          if (!p.unmatched || !toMatch) return p.unmatched || '—';
          return (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="blue"
              onClick={() => toMatch.open(p._id)}
              aria-label={t('matching.openFor', { count: p.unmatched, name: p.name })}
            >
              {p.unmatched}
            </Button>
          );
        },
      }),
      col.display({ id: 'problems', header: t('columns.problems'), meta: { wrap: true }, cell: (c) => <ProblemsCell parser={c.row.original} /> }),
      col.accessor('schedule', {
        header: t('columns.schedule'),
        meta: { wrap: true },
        // Stored in UTC; read in the user's language and the deployment's time zone, the cron on hover.
        cell: (c) => (
          <Text fontSize="sm" title={`${c.getValue()} (UTC)`}>
            {scheduleInWords(c.getValue(), i18n.language, timeZone)}
          </Text>
        ),
      }),
      col.display({
        id: 'actions',
        header: t('columns.actions'),
        cell: (c) => {
          const p = c.row.original;
          const active = !!(p.activeRun || (started[p._id] && !['done', 'failed'].includes(started[p._id]!.status)));
          const last = p.lastRun;
          // The buttons wrap instead of pushing the table past its box. On a phone, where the table scrolls
          // sideways anyway, two a line in every language ('Запустить' 87 + 'Результаты' 96 px): squeezed to
          // its narrowest the column stacked all four, each row ~160 px tall. A desktop's table must fit its box.
          return (
            <HStack gap="1" wrap="wrap" minW={{ base: '12rem', md: 'auto' }}>
              {canWrite && (
                <Button size="xs" onClick={() => void start(p)} disabled={active || busy === p._id} aria-label={t('actions.startNamed', { name: p.name })}>
                  {t('actions.start')}
                </Button>
              )}
              {last && (
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => void download(p, last)}
                  loading={busy === `dl-${p._id}`}
                  aria-label={t('actions.downloadNamed', { name: p.name })}
                >
                  {t('actions.download')}
                </Button>
              )}
              {/* Editing is for the parser's own chain and the provider's staff (the server's rule, shared). */}
              {mayEditParsers(user, p.network) && (
                <>
                  <Button asChild size="xs" variant="outline">
                    <RouterLink to={`?edit=${encodeURIComponent(p._id)}`} aria-label={t('editor.editNamed', { name: p.name })}>
                      {t('editor.edit')}
                    </RouterLink>
                  </Button>
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => onDelete?.(p)} aria-label={t('editor.deleteNamed', { name: p.name })}>
                    {t('editor.delete.button')}
                  </Button>
                </>
              )}
            </HStack>
          );
        },
      }),
    ];
  }, [t, i18n.language, timeZone, started, onEnd, dateTime, canWrite, busy, start, download, toMatch, user, onDelete]);

  const chartData = useMemo(
    () =>
      (list.data?.items ?? [])
        .filter((p) => p.lastRun)
        .map((p) => ({ name: p.name, prices: p.lastRun!.pricesFound, notFound: p.lastRun!.notFound, problems: p.problems })),
    [list.data],
  );

  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, page: 0, ...patch }));
  return (
    <Stack gap="4" mt="4">
      <HStack gap="4" wrap="wrap">
        <Input
          maxW="20rem"
          size="sm"
          placeholder={t('filters.search')}
          aria-label={t('filters.search')}
          value={filters.text}
          onChange={(e) => set({ text: e.currentTarget.value })}
        />
        <Checkbox.Root checked={filters.onlyWithProblems} onCheckedChange={(e) => set({ onlyWithProblems: e.checked === true })} size="sm">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('filters.onlyWithProblems')}</Checkbox.Label>
        </Checkbox.Root>
        <Checkbox.Root checked={filters.onlyWithNotFound} onCheckedChange={(e) => set({ onlyWithNotFound: e.checked === true })} size="sm">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('filters.onlyWithNotFound')}</Checkbox.Label>
        </Checkbox.Root>
        {suspicious && suspicious.count > 0 && (
          <Button size="xs" variant="outline" colorPalette="orange" onClick={suspicious.open}>
            {t('filters.suspicious', { count: suspicious.count })}
          </Button>
        )}
        {mayEditParsers(user) && (
          <Button asChild size="sm" ms={{ md: 'auto' }}>
            <RouterLink to="?edit=new">{t('editor.new')}</RouterLink>
          </Button>
        )}
      </HStack>
      {list.error ? (
        <ErrorState title={t('errors.load')} message={errorText(list.error)} onRetry={list.reload} />
      ) : !list.data ? (
        <LoadingState label={t('loading')} />
      ) : (
        <>
          {chartData.length > 0 && (
            <Box>
              <BarSeriesChart
                label={t('chart.label')}
                data={chartData}
                categoryKey="name"
                horizontal
                height={Math.max(160, chartData.length * 36 + 60)}
                series={[
                  { key: 'prices', name: t('columns.prices'), stackId: 'pages', color: RUN_CHART_COLORS.prices },
                  { key: 'notFound', name: t('columns.notFound'), stackId: 'pages', color: RUN_CHART_COLORS.notFound },
                  { key: 'problems', name: t('columns.problems'), stackId: 'pages', color: RUN_CHART_COLORS.problems },
                ]}
              />
            </Box>
          )}
          <DataTable
            label={t('table.label')}
            columns={columns}
            data={list.data.items}
            getRowId={(p) => p._id}
            busy={list.loading}
            isHighlighted={(p) => p.flagged}
            empty={<Text color="fg.muted">{t('table.empty')}</Text>}
          />
          <Pager
            pageIndex={filters.page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            onPageChange={(page) => setFilters((f) => ({ ...f, page }))}
            label={t('table.pages')}
          />
        </>
      )}
    </Stack>
  );
}
