import { useMemo, useState } from 'react';
import { Box, Button, Flex, Input, Switch } from '@chakra-ui/react';
import { downloadFile } from '@pricewatch/shared/api';
import type { ProductAlarm, Shop } from '@pricewatch/shared/contract';
import { DataTable, Pager, dataColumnHelper, type DataColumnDef } from '@pricewatch/shared/table';
import { EmptyState, ErrorState, toaster } from '@pricewatch/shared/ui';
import { useErrorText } from '../../../lib/error-text';
import { useFormatters } from '../../../lib/format';
import { useAlarmsTranslation } from '../../../lib/i18n';
import { useApi } from '@pricewatch/shared/query';
import { deleteAllProductAlarms, deleteProductAlarm, exportProductAlarms, getProductAlarms, toggleProductAlarm } from '../api/product-alarms';
import { AlarmDialog } from './alarm-dialog';
import { ImportDialog } from './import-dialog';
import { ruleText } from './price-alarms-panel';

const col = dataColumnHelper<ProductAlarm>();
const PAGE = 30;

/** Product alarms: named product lists, each switched on or off with its switch (spec §4). */
export function ProductAlarmsPanel({ shops, canWrite }: { shops: Shop[]; canWrite: boolean }) {
  const { t } = useAlarmsTranslation();
  const errorText = useErrorText();
  const f = useFormatters();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<ProductAlarm | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const query = { limit: PAGE, skip: page * PAGE, search: search || undefined };
  const list = useApi(JSON.stringify(query), () => getProductAlarms(query));

  const act = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
      if (done) toaster.create({ type: 'success', title: done });
      list.reload();
    } catch (error) {
      toaster.create({ type: 'error', title: t('toast.failed'), description: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const columns = useMemo<DataColumnDef<ProductAlarm>[]>(
    () => [
      col.accessor('enabled', {
        header: t('table.state'),
        cell: ({ row }) => (
          <Switch.Root
            size="sm"
            checked={row.original.enabled}
            disabled={!canWrite}
            onCheckedChange={() => void act(() => toggleProductAlarm(row.original._id))}
          >
            <Switch.HiddenInput aria-label={t('table.toggle', { name: row.original.name })} />
            <Switch.Control />
            <Switch.Label>{t(row.original.enabled ? 'table.on' : 'table.off')}</Switch.Label>
          </Switch.Root>
        ),
      }),
      col.accessor('name', { header: t('form.name'), meta: { wrap: true } }),
      col.accessor((a) => a.products.map((p) => p.name).join(', '), { id: 'products', header: t('form.products'), meta: { wrap: true } }),
      col.accessor((a) => ruleText(t, a.rule, a.value, a.originalShopName, (v) => f.money(v, a.currency)), {
        id: 'rule',
        header: t('form.rule'),
        meta: { wrap: true },
      }),
      col.accessor((a) => a.shops.map((s) => s.name).join(', '), { id: 'shops', header: t('form.shops'), meta: { wrap: true } }),
      col.accessor('firings', { header: t('table.firings'), meta: { numeric: true } }),
      col.accessor((a) => (a.lastFiredAt ? f.dateTime(a.lastFiredAt) : '—'), { id: 'lastFired', header: t('table.lastFired') }),
      ...(canWrite
        ? [
            col.display({
              id: 'actions',
              header: () => t('table.actions'),
              cell: ({ row }) => (
                <Flex gap="1">
                  <Button size="xs" variant="outline" onClick={() => setEditing(row.original)}>
                    {t('actions.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() =>
                      window.confirm(t('confirm.deleteOne', { name: row.original.name })) &&
                      void act(() => deleteProductAlarm(row.original._id), t('toast.deleted', { count: 1 }))
                    }
                  >
                    {t('actions.delete')}
                  </Button>
                </Flex>
              ),
            }),
          ]
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, f, canWrite],
  );

  const exportAll = () =>
    act(async () => {
      const r = await exportProductAlarms();
      await downloadFile(r.file, `product-alarms${r.extension}`);
    });

  return (
    <Box>
      <Flex gap="2" wrap="wrap" mb="3">
        <Input
          size="sm"
          maxW="260px"
          placeholder={t('filters.search')}
          aria-label={t('filters.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(0);
          }}
        />
        <Flex gap="2" ms="auto" wrap="wrap">
          {canWrite && (
            <>
              <Button size="sm" colorPalette="blue" onClick={() => setEditing(null)}>
                {t('actions.newProductAlarm')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setImporting(true)}>
                {t('actions.import')}
              </Button>
            </>
          )}
          <Button size="sm" variant="outline" loading={busy} onClick={() => void exportAll()}>
            {t('actions.export')}
          </Button>
          {canWrite && (
            <Button
              size="sm"
              variant="ghost"
              colorPalette="red"
              disabled={!list.data?.total}
              onClick={() => window.confirm(t('confirm.deleteAll')) && void act(deleteAllProductAlarms, t('toast.deletedAll'))}
            >
              {t('actions.deleteAll')}
            </Button>
          )}
        </Flex>
      </Flex>
      {list.error ? (
        <ErrorState title={t('errors.loadAlarms')} message={errorText(list.error)} onRetry={list.reload} />
      ) : list.data && !list.data.items.length && !search && !list.loading ? (
        <EmptyState title={t('empty.productTitle')} description={t('empty.productDescription')} />
      ) : (
        <>
          <DataTable
            columns={columns}
            data={list.data?.items ?? []}
            label={t('tabs.product')}
            busy={list.loading}
            getRowId={(a) => a._id}
            empty={t('empty.filtered')}
          />
          <Pager pageIndex={page} pageSize={PAGE} total={list.data?.total ?? 0} onPageChange={setPage} />
        </>
      )}
      <AlarmDialog kind="product" open={editing !== undefined} alarm={editing} shops={shops} onClose={() => setEditing(undefined)} onSaved={list.reload} />
      <ImportDialog kind="product" open={importing} shops={shops} onClose={() => setImporting(false)} onSaved={list.reload} />
    </Box>
  );
}
