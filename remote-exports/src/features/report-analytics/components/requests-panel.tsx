import { memo, useId, useMemo, useState } from 'react';
import { Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { ExportListQuery, ExportRequest } from '@pricewatch/shared/contract';
import { downloadFile } from '@pricewatch/shared/api';
import { intlLocale } from '@pricewatch/shared/format';
import { DataTable, Pager, dataColumnHelper, type DataColumnDef } from '@pricewatch/shared/table';
import { DateField, EmptyState, LoadingState, Modal, toaster } from '@pricewatch/shared/ui';
import { LoadError } from '../../../components/load-error';
import { Panel } from '../../../components/panel';
import { useFormatters } from '../../../lib/format';
import { useExportsTranslation } from '../../../lib/i18n';
import { parseIsoDay, toUsDate } from '../../../lib/period';
import { useExportList } from '../api/get-export-list';
import { deleteExport, updateExport } from '../api/update-export';
import { useReportErrorText } from '../hooks/use-report-error';
import { EXPORT_PAGE_SIZE, EXPORT_REQUEST_TYPES, EXPORT_STATES } from '../limits';
import { StateBadge } from './state-badge';

const col = dataColumnHelper<ExportRequest>();
const NO_ROWS: ExportRequest[] = [];

type Filters = { type: string; state: string; from: string };

function FilterSelect({
  label,
  value,
  onChange,
  options,
  any,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
  any: string;
}) {
  const id = useId();
  return (
    <Field.Root width="auto">
      <Field.Label htmlFor={id} fontSize="xs" color="fg.muted">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm" width="10rem">
        <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{any}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * The export requests the user sees (their network's; the provider's staff: all), newest first, with
 * filters and paging. While any is queued or running the list is asked for again every second, so
 * states and progress move live; a finished one offers its file, and — to those who may write (not
 * guests) — running it again and deleting.
 */
export const RequestsPanel = memo(function RequestsPanel({ version, onChanged, canWrite }: { version: number; onChanged: () => void; canWrite: boolean }) {
  const { t } = useExportsTranslation();
  const f = useFormatters();
  const errorText = useReportErrorText();
  const fromId = useId();
  const [filters, setFilters] = useState<Filters>({ type: '', state: '', from: '' });
  const [page, setPage] = useState(0);
  // A deleted request and its file cannot be brought back: the Delete button asks first.
  const [toDelete, setToDelete] = useState<ExportRequest | null>(null);
  const [deleting, setDeleting] = useState(false);

  const query = useMemo<ExportListQuery>(() => {
    const q: ExportListQuery = { limit: EXPORT_PAGE_SIZE, skip: page * EXPORT_PAGE_SIZE };
    if (filters.type) q.type = filters.type as ExportListQuery['type'];
    if (filters.state) q.state = filters.state as ExportListQuery['state'];
    if (filters.from && parseIsoDay(filters.from)) q.from = toUsDate(filters.from);
    return q;
  }, [filters, page]);
  const list = useExportList(query, version);
  const rows = list.data?.items ?? NO_ROWS;

  const act = async (what: 'download' | 'rerun' | 'delete', r: ExportRequest) => {
    try {
      if (what === 'download' && r.file) await downloadFile(r.file, `${r.name}${r.extension ?? ''}`);
      if (what === 'rerun') await updateExport(r._id, { rerun: true });
      if (what === 'delete') await deleteExport(r._id);
      if (what !== 'download') onChanged();
    } catch (error) {
      toaster.create({ type: 'error', title: t(`reportAnalytics.requests.${what}Failed`), description: errorText(error), closable: true, duration: 8000 });
    }
  };

  const columns = useMemo<DataColumnDef<ExportRequest>[]>(
    () =>
      col.columns([
        col.accessor('name', {
          header: t('reportAnalytics.requests.columns.name'),
          enableSorting: false,
          meta: { wrap: true, width: '14rem' },
          cell: (c) => {
            const r = c.row.original;
            return (
              <Stack gap="0">
                <Text fontWeight="medium">{r.name}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {t(`reportAnalytics.types.${r.type}`)}
                  {r.template ? ` · ${t('reportAnalytics.requests.fromTemplate', { name: r.template.name })}` : ''}
                </Text>
              </Stack>
            );
          },
        }),
        col.accessor('start', {
          header: t('reportAnalytics.requests.columns.period'),
          enableSorting: false,
          meta: { wrap: true },
          cell: (c) => {
            const r = c.row.original;
            return (
              <Stack gap="0">
                <Text>{`${f.day(r.start)} – ${f.day(r.end)}`}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {t('reportAnalytics.requests.createdBy', {
                    when: new Date(r.createdAt).toLocaleString(intlLocale(f.lang), { dateStyle: 'short', timeStyle: 'short' }),
                    who: [r.createdBy?.name, r.network].filter(Boolean).join(' · ') || '—',
                  })}
                </Text>
              </Stack>
            );
          },
        }),
        col.accessor('state', {
          header: t('reportAnalytics.requests.columns.state'),
          enableSorting: false,
          meta: { wrap: true, width: '15rem' },
          cell: (c) => {
            const r = c.row.original;
            const finished = r.state === 'done' || r.state === 'failed';
            return (
              <Stack gap="2">
                <StateBadge request={r} />
                <HStack gap="1" wrap="wrap">
                  {r.downloadable && (
                    <Button
                      size="xs"
                      colorPalette="blue"
                      onClick={() => void act('download', r)}
                      aria-label={t('reportAnalytics.requests.downloadNamed', { name: r.name })}
                    >
                      {t('reportAnalytics.requests.download')}
                    </Button>
                  )}
                  {canWrite && finished && (
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => void act('rerun', r)}
                      aria-label={t('reportAnalytics.requests.rerunNamed', { name: r.name })}
                    >
                      {t('reportAnalytics.requests.rerun')}
                    </Button>
                  )}
                  {canWrite && (
                    <Button size="xs" variant="ghost" onClick={() => setToDelete(r)} aria-label={t('reportAnalytics.requests.deleteNamed', { name: r.name })}>
                      {t('reportAnalytics.requests.delete')}
                    </Button>
                  )}
                </HStack>
              </Stack>
            );
          },
        }),
        col.accessor('rowsWritten', {
          header: t('reportAnalytics.requests.columns.rows'),
          enableSorting: false,
          meta: { numeric: true },
          cell: (c) => (c.row.original.state === 'done' ? f.count(c.getValue()) : `${f.count(c.getValue())} / ${f.count(c.row.original.rowsExpected)}`),
        }),
      ]),
    // act closes over stable setters and the translation; rebuilt on language change
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, f, canWrite],
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    await act('delete', toDelete);
    setDeleting(false);
    setToDelete(null);
  };

  const set = (patch: Partial<Filters>) => {
    setFilters((x) => ({ ...x, ...patch }));
    setPage(0);
  };

  return (
    <Panel
      title={t('reportAnalytics.requests.title')}
      description={t('reportAnalytics.requests.description')}
      headingId="report-requests"
      actions={
        <HStack gap="3" align="flex-end" wrap="wrap" role="search" aria-label={t('reportAnalytics.requests.filters')}>
          <FilterSelect
            label={t('reportAnalytics.requests.columns.type')}
            value={filters.type}
            onChange={(type) => set({ type })}
            any={t('reportAnalytics.requests.any')}
            options={EXPORT_REQUEST_TYPES.map((v) => ({ value: v, label: t(`reportAnalytics.types.${v}`) }))}
          />
          <FilterSelect
            label={t('reportAnalytics.requests.columns.state')}
            value={filters.state}
            onChange={(state) => set({ state })}
            any={t('reportAnalytics.requests.any')}
            options={EXPORT_STATES.map((v) => ({ value: v, label: t(`reportAnalytics.states.${v}`) }))}
          />
          <Field.Root width="auto">
            <Field.Label htmlFor={fromId} fontSize="xs" color="fg.muted">
              {t('reportAnalytics.requests.from')}
            </Field.Label>
            <DateField id={fromId} value={filters.from} onChange={(from) => set({ from })} />
          </Field.Root>
        </HStack>
      }
    >
      {list.error ? (
        <LoadError title={t('reportAnalytics.requests.loadError')} error={list.error} onRetry={list.reload} />
      ) : list.data === undefined ? (
        <LoadingState />
      ) : rows.length === 0 ? (
        <EmptyState title={t('reportAnalytics.requests.empty')} description={t('reportAnalytics.requests.emptyHelp')} />
      ) : (
        <>
          <DataTable label={t('reportAnalytics.requests.tableLabel')} columns={columns} data={rows} getRowId={(r) => r._id} />
          <Pager pageIndex={page} pageSize={EXPORT_PAGE_SIZE} total={list.data.total} onPageChange={setPage} label={t('reportAnalytics.requests.pages')} />
        </>
      )}
      <Modal
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        role="alertdialog"
        size="sm"
        title={t('reportAnalytics.requests.deleteTitle')}
        footer={
          <>
            <Button variant="outline" onClick={() => setToDelete(null)} disabled={deleting}>
              {t('reportAnalytics.requests.cancel')}
            </Button>
            <Button colorPalette="red" onClick={() => void confirmDelete()} loading={deleting}>
              {t('reportAnalytics.requests.delete')}
            </Button>
          </>
        }
      >
        <Text>{t('reportAnalytics.requests.deleteQuestion', { name: toDelete?.name ?? '' })}</Text>
      </Modal>
    </Panel>
  );
});
