import { memo, useMemo, useState } from 'react';
import { Badge, Button, chakra, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ExportTemplate } from '@pricewatch/shared/contract';
import { downloadFile } from '@pricewatch/shared/api';
import { DataTable, dataColumnHelper, type DataColumnDef } from '@pricewatch/shared/table';
import { EmptyState, LoadingState, toaster } from '@pricewatch/shared/ui';
import { LoadError } from '../../../components/load-error';
import { Panel } from '../../../components/panel';
import { useFormatters } from '../../../lib/format';
import { useExportsTranslation } from '../../../lib/i18n';
import { deleteTemplates, exportGroup } from '../api/templates';
import { useReportErrorText } from '../hooks/use-report-error';

const col = dataColumnHelper<ExportTemplate>();

/**
 * Saved templates: load one into the form, delete one or several, or export several together into one
 * file (a sheet each), downloaded at once. Without `canWrite` (guests) the list only: every one of those
 * actions writes.
 */
export const TemplatesPanel = memo(function TemplatesPanel({
  data,
  error,
  reload,
  onUse,
  onChanged,
  canWrite,
}: {
  data: ExportTemplate[] | undefined;
  error: unknown;
  reload: () => void;
  onUse: (template: ExportTemplate) => void;
  onChanged: () => void;
  canWrite: boolean;
}) {
  const { t } = useExportsTranslation();
  const f = useFormatters();
  const errorText = useReportErrorText();
  const [selected, setSelected] = useState<string[]>([]);
  const [grouping, setGrouping] = useState(false);
  const rows = data ?? [];
  const chosen = selected.filter((id) => rows.some((r) => r._id === id));

  const remove = async (ids: string[]) => {
    try {
      await deleteTemplates(ids);
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      onChanged();
    } catch (error) {
      toaster.create({ type: 'error', title: t('reportAnalytics.templates.deleteFailed'), description: errorText(error), closable: true, duration: 8000 });
    }
  };

  const group = async () => {
    setGrouping(true);
    const toastId = toaster.create({ type: 'loading', title: t('reportAnalytics.templates.grouping') });
    try {
      const file = await exportGroup(chosen);
      await downloadFile(file.file, `${t('reportAnalytics.templates.groupFile')}${file.extension}`);
      toaster.update(toastId, { type: 'success', title: t('reportAnalytics.templates.grouped', { rows: f.count(file.rows) }), duration: 5000, closable: true });
      onChanged();
    } catch (error) {
      toaster.update(toastId, {
        type: 'error',
        title: t('reportAnalytics.templates.groupFailed'),
        description: errorText(error),
        duration: 8000,
        closable: true,
      });
    } finally {
      setGrouping(false);
    }
  };

  const columns = useMemo<DataColumnDef<ExportTemplate>[]>(
    () =>
      col.columns([
        ...(canWrite
          ? [
              col.display({
                id: 'select',
                header: () => <chakra.span srOnly>{t('reportAnalytics.templates.select')}</chakra.span>,
                cell: (c) => (
                  <input
                    type="checkbox"
                    aria-label={t('reportAnalytics.templates.selectNamed', { name: c.row.original.name })}
                    checked={selected.includes(c.row.original._id)}
                    onChange={(e) => {
                      const id = c.row.original._id;
                      setSelected((s) => (e.target.checked ? [...s, id] : s.filter((x) => x !== id)));
                    }}
                  />
                ),
              }),
            ]
          : []),
        col.accessor('name', {
          header: t('reportAnalytics.templates.columns.name'),
          meta: { wrap: true },
          cell: (c) => <Text fontWeight="medium">{c.getValue()}</Text>,
        }),
        col.accessor('type', {
          header: t('reportAnalytics.templates.columns.type'),
          enableSorting: false,
          cell: (c) => t(`reportAnalytics.types.${c.getValue()}`),
        }),
        col.accessor('nextStart', {
          header: t('reportAnalytics.templates.columns.period'),
          enableSorting: false,
          cell: (c) => (
            <HStack gap="2">
              <Text>{`${f.day(c.row.original.nextStart)} – ${f.day(c.row.original.nextEnd)}`}</Text>
              {c.row.original.autoGeneration && (
                <Badge size="sm" variant="subtle" colorPalette="purple">
                  {t('reportAnalytics.templates.rolling')}
                </Badge>
              )}
            </HStack>
          ),
        }),
        col.accessor('schedules', {
          header: t('reportAnalytics.templates.columns.schedules'),
          enableSorting: false,
          meta: { numeric: true },
          cell: (c) => f.count(c.getValue()),
        }),
        ...(canWrite
          ? [
              col.display({
                id: 'actions',
                header: t('reportAnalytics.templates.columns.actions'),
                cell: (c) => (
                  <HStack gap="1" justify="flex-end">
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => onUse(c.row.original)}
                      aria-label={t('reportAnalytics.templates.useNamed', { name: c.row.original.name })}
                    >
                      {t('reportAnalytics.templates.use')}
                    </Button>
                    <Button
                      size="xs"
                      variant="ghost"
                      onClick={() => void remove([c.row.original._id])}
                      aria-label={t('reportAnalytics.templates.deleteNamed', { name: c.row.original.name })}
                    >
                      {t('reportAnalytics.templates.delete')}
                    </Button>
                  </HStack>
                ),
              }),
            ]
          : []),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, f, selected, canWrite],
  );

  return (
    <Panel
      title={t('reportAnalytics.templates.title')}
      description={t('reportAnalytics.templates.description')}
      headingId="report-templates"
      actions={
        canWrite && (
          <HStack gap="2" wrap="wrap">
            <Button size="sm" onClick={() => void group()} disabled={chosen.length === 0 || grouping} aria-busy={grouping}>
              {grouping && <Spinner size="xs" />}
              {t('reportAnalytics.templates.exportSelected', { count: chosen.length })}
            </Button>
            <Button size="sm" variant="outline" onClick={() => void remove(chosen)} disabled={chosen.length === 0}>
              {t('reportAnalytics.templates.deleteSelected')}
            </Button>
          </HStack>
        )
      }
    >
      {error ? (
        <LoadError title={t('reportAnalytics.templates.loadError')} error={error} onRetry={reload} />
      ) : data === undefined ? (
        <LoadingState />
      ) : rows.length === 0 ? (
        <EmptyState title={t('reportAnalytics.templates.empty')} description={t('reportAnalytics.templates.emptyHelp')} />
      ) : (
        <Stack gap="2">
          <DataTable label={t('reportAnalytics.templates.tableLabel')} columns={columns} data={rows} getRowId={(r) => r._id} />
        </Stack>
      )}
    </Panel>
  );
});
