import { useMemo, useState } from 'react';
import { Badge, Box, Button, Flex, Input, Text } from '@chakra-ui/react';
import { downloadFile } from '@pricewatch/shared/api';
import type { AlarmRule, PriceAlarm, Shop } from '@pricewatch/shared/contract';
import { DataTable, Pager, dataColumnHelper, type DataColumnDef } from '@pricewatch/shared/table';
import { CheckField, EmptyState, ErrorState, SelectField, toaster } from '@pricewatch/shared/ui';
import { useErrorText } from '../../../lib/error-text';
import { useFormatters } from '../../../lib/format';
import { useAlarmsTranslation } from '../../../lib/i18n';
import { useApi } from '@pricewatch/shared/query';
import { deleteAllPriceAlarms, deletePriceAlarm, exportPriceAlarms, getPriceAlarms, updatePriceAlarms } from '../api/price-alarms';
import { AlarmDialog } from './alarm-dialog';
import { ImportDialog } from './import-dialog';
import { ALARM_RULES, isPercent } from './rules';

const col = dataColumnHelper<PriceAlarm>();
const PAGE = 30;

/** The caller's price alarms: filters, the table with selection, group actions, create/edit, import, export. */
export function PriceAlarmsPanel({ shops, canWrite }: { shops: Shop[]; canWrite: boolean }) {
  const { t } = useAlarmsTranslation();
  const errorText = useErrorText();
  const f = useFormatters();
  const [search, setSearch] = useState('');
  const [rule, setRule] = useState('');
  const [enabled, setEnabled] = useState('');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<PriceAlarm | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState(false);

  const query = {
    limit: PAGE,
    skip: page * PAGE,
    search: search || undefined,
    rule: (rule || undefined) as AlarmRule | undefined,
    enabled: enabled ? enabled === 'true' : undefined,
  };
  const list = useApi(JSON.stringify(query), () => getPriceAlarms(query));
  const items = list.data?.items;

  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const n = new Set(s);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });

  const columns = useMemo<DataColumnDef<PriceAlarm>[]>(
    () => [
      ...(canWrite
        ? [
            col.display({
              id: 'select',
              header: () => t('table.select'),
              cell: ({ row }) => (
                <CheckField checked={selected.has(row.original._id)} onChange={(on) => toggle(row.original._id, on)}>
                  <Box as="span" srOnly>
                    {t('table.selectAlarm', { name: row.original.productName })}
                  </Box>
                </CheckField>
              ),
              meta: { width: '3rem' },
            }),
          ]
        : []),
      col.accessor('productName', {
        header: t('form.product'),
        cell: ({ row }) => (
          <Box>
            <Text>{row.original.productName}</Text>
            <Text fontSize="xs" color="fg.muted">
              {row.original.ean ?? row.original.article ?? ''}
            </Text>
          </Box>
        ),
        meta: { wrap: true },
      }),
      col.accessor((a) => ruleText(t, a.rule, a.value, a.originalShopName, (v) => f.money(v, a.currency)), {
        id: 'rule',
        header: t('form.rule'),
        meta: { wrap: true },
      }),
      col.accessor((a) => a.shops.map((s) => s.name).join(', '), { id: 'shops', header: t('form.shops'), meta: { wrap: true } }),
      col.accessor((a) => (a.start || a.end ? `${a.start ? f.day(a.start) : '…'} – ${a.end ? f.day(a.end) : '…'}` : t('table.always')), {
        id: 'period',
        header: t('table.period'),
      }),
      col.accessor('enabled', {
        header: t('table.state'),
        cell: ({ getValue }) => <Badge colorPalette={getValue() ? 'green' : 'gray'}>{t(getValue() ? 'table.on' : 'table.off')}</Badge>,
      }),
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
                  <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void remove(row.original)}>
                    {t('actions.delete')}
                  </Button>
                </Flex>
              ),
            }),
          ]
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, f, selected, canWrite],
  );

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toaster.create({ type: 'success', title: done });
      setSelected(new Set());
      list.reload();
    } catch (error) {
      toaster.create({ type: 'error', title: t('toast.failed'), description: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  async function remove(a: PriceAlarm) {
    if (!window.confirm(t('confirm.deleteOne', { name: a.productName }))) return;
    await run(() => deletePriceAlarm(a._id), t('toast.deleted', { count: 1 }));
  }
  const ids = [...selected];
  const groupSet = (set: { enabled: boolean }) => run(() => updatePriceAlarms({ ids, set }), t('toast.updated', { count: ids.length }));
  const exportAll = async () => {
    setBusy(true);
    try {
      const r = await exportPriceAlarms();
      await downloadFile(r.file, `price-alarms${r.extension}`);
    } catch (error) {
      toaster.create({ type: 'error', title: t('toast.failed'), description: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Flex gap="2" wrap="wrap" mb="3" align="center">
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
        <Box minW="200px">
          <SelectField
            label={t('filters.rule')}
            value={rule}
            onChange={(v) => {
              setRule(v);
              setPage(0);
            }}
          >
            <option value="">{t('filters.anyRule')}</option>
            {ALARM_RULES.map((r) => (
              <option key={r} value={r}>
                {t(`rules.${r}`)}
              </option>
            ))}
          </SelectField>
        </Box>
        <Box minW="150px">
          <SelectField
            label={t('filters.state')}
            value={enabled}
            onChange={(v) => {
              setEnabled(v);
              setPage(0);
            }}
          >
            <option value="">{t('filters.anyState')}</option>
            <option value="true">{t('table.on')}</option>
            <option value="false">{t('table.off')}</option>
          </SelectField>
        </Box>
        <Flex gap="2" ms="auto" wrap="wrap">
          {canWrite && (
            <>
              <Button size="sm" colorPalette="blue" onClick={() => setEditing(null)}>
                {t('actions.newPriceAlarm')}
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
              onClick={() => window.confirm(t('confirm.deleteAll')) && void run(deleteAllPriceAlarms, t('toast.deletedAll'))}
            >
              {t('actions.deleteAll')}
            </Button>
          )}
        </Flex>
      </Flex>
      {canWrite && selected.size > 0 && (
        <Flex gap="2" mb="3" p="2" bg="bg.muted" borderRadius="md" align="center" role="toolbar" aria-label={t('group.label')}>
          <Text fontSize="sm">{t('group.selected', { count: selected.size })}</Text>
          <Button size="xs" variant="outline" onClick={() => void groupSet({ enabled: true })}>
            {t('group.enable')}
          </Button>
          <Button size="xs" variant="outline" onClick={() => void groupSet({ enabled: false })}>
            {t('group.disable')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={() =>
              window.confirm(t('confirm.deleteSelected', { count: ids.length })) &&
              void run(() => Promise.all(ids.map(deletePriceAlarm)), t('toast.deleted', { count: ids.length }))
            }
          >
            {t('group.delete')}
          </Button>
          <Button size="xs" variant="ghost" onClick={() => setSelected(new Set())}>
            {t('form.clear')}
          </Button>
        </Flex>
      )}
      {list.error ? (
        <ErrorState title={t('errors.loadAlarms')} message={errorText(list.error)} onRetry={list.reload} />
      ) : items && !items.length && !list.loading && !search && !rule && !enabled ? (
        <EmptyState title={t('empty.priceTitle')} description={t('empty.priceDescription')} />
      ) : (
        <>
          <DataTable columns={columns} data={items ?? []} label={t('tabs.price')} busy={list.loading} getRowId={(a) => a._id} empty={t('empty.filtered')} />
          <Pager pageIndex={page} pageSize={PAGE} total={list.data?.total ?? 0} onPageChange={setPage} />
        </>
      )}
      <AlarmDialog kind="price" open={editing !== undefined} alarm={editing} shops={shops} onClose={() => setEditing(undefined)} onSaved={list.reload} />
      <ImportDialog kind="price" open={importing} shops={shops} onClose={() => setImporting(false)} onSaved={list.reload} />
    </Box>
  );
}

type T = ReturnType<typeof useAlarmsTranslation>['t'];

/** "Price below 44", "12 % cheaper than Auchan Petrivka", "Promo started". */
export function ruleText(t: T, rule: AlarmRule, value: number | null, own: string | null, money?: (amount: number) => string): string {
  if (value === null) return t(`rules.${rule}`);
  // Amounts are in the alarm's currency (its product's market): shown with it, never as a bare number.
  return t(`ruleWith.${rule}`, { value: isPercent(rule) ? `${value} %` : money ? money(value) : value, shop: own ?? '—' });
}
