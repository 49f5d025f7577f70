import { useEffect, useMemo, useState } from 'react';
import { Badge, Box, Button, Flex, Heading, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { setUnreadAlarms } from '@pricewatch/shared/alarms';
import { BarSeriesChart } from '@pricewatch/shared/chart';
import type { AlarmEvent, NotifyMode } from '@pricewatch/shared/contract';
import { DataTable, Pager, dataColumnHelper, type DataColumnDef } from '@pricewatch/shared/table';
import { CheckField, EmptyState, ErrorState, FormField, SelectField, toaster } from '@pricewatch/shared/ui';
import { useErrorText } from '../../../lib/error-text';
import { useFormatters } from '../../../lib/format';
import { useAlarmsTranslation } from '../../../lib/i18n';
import { useApi } from '@pricewatch/shared/query';
import { getAlarmEvents, getAlarmSettings, markEventsRead, saveAlarmSettings } from '../api/events';
import { ruleText } from './price-alarms-panel';

const col = dataColumnHelper<AlarmEvent>();
const PAGE = 30;

/** What fired, when and why: firings per day (chart) with the list of firings (table), newest first. */
export function EventsPanel({ canWrite, onUnread }: { canWrite: boolean; onUnread: (n: number) => void }) {
  const { t } = useAlarmsTranslation();
  const errorText = useErrorText();
  const f = useFormatters();
  const [page, setPage] = useState(0);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const query = { limit: PAGE, skip: page * PAGE, unread: unreadOnly || undefined };
  const events = useApi(JSON.stringify(query), () => getAlarmEvents(query));

  useEffect(() => {
    if (events.data) {
      setUnreadAlarms(events.data.unread);
      onUnread(events.data.unread);
    }
  }, [events.data, onUnread]);

  const columns = useMemo<DataColumnDef<AlarmEvent>[]>(
    () => [
      col.accessor('firedAt', {
        header: t('events.when'),
        cell: ({ row }) => (
          <Flex gap="2" align="center">
            {!row.original.read && (
              <Badge colorPalette="red" size="sm">
                {t('events.new')}
              </Badge>
            )}
            {f.dateTime(row.original.firedAt)}
          </Flex>
        ),
      }),
      col.accessor('productName', { header: t('form.product'), meta: { wrap: true } }),
      col.accessor((e) => `${e.shopName}`, { id: 'shop', header: t('events.shop') }),
      col.accessor((e) => ruleText(t, e.rule, e.value, null, (v) => f.money(v, e.currency)), { id: 'why', header: t('events.why'), meta: { wrap: true } }),
      col.accessor((e) => f.money(e.oldPrice, e.currency), { id: 'old', header: t('events.oldPrice'), meta: { numeric: true } }),
      col.accessor((e) => f.money(e.newPrice, e.currency), { id: 'new', header: t('events.newPrice'), meta: { numeric: true } }),
      col.accessor((e) => f.money(e.ownPrice, e.currency), { id: 'own', header: t('events.ownPrice'), meta: { numeric: true } }),
      col.accessor((e) => e.alarmName ?? t(`events.kind.${e.alarmKind}`), { id: 'alarm', header: t('events.alarm') }),
    ],
    [t, f],
  );

  const chartData = useMemo(() => (events.data?.perDay ?? []).map((d) => ({ day: f.shortDay(d.day), count: d.count })), [events.data, f]);

  const markAll = async () => {
    try {
      await markEventsRead({ all: true });
      events.reload();
    } catch (error) {
      toaster.create({ type: 'error', title: t('toast.failed'), description: errorText(error) });
    }
  };

  return (
    <Box>
      <NotifySettings canWrite={canWrite} />
      {events.error ? (
        <ErrorState title={t('errors.loadEvents')} message={errorText(events.error)} onRetry={events.reload} />
      ) : events.data && events.data.total === 0 && !unreadOnly ? (
        <EmptyState title={t('empty.eventsTitle')} description={t('empty.eventsDescription')} />
      ) : (
        <>
          <Heading as="h3" size="sm" mt="4" mb="2">
            {t('events.perDay')}
          </Heading>
          <BarSeriesChart label={t('events.perDay')} data={chartData} categoryKey="day" series={[{ key: 'count', name: t('events.firings') }]} height={180} />
          <Flex gap="3" my="3" align="center" wrap="wrap">
            <Text fontSize="sm" data-testid="events-unread">
              {t('events.unread', { count: events.data?.unread ?? 0 })}
            </Text>
            <CheckField
              checked={unreadOnly}
              onChange={(v) => {
                setUnreadOnly(v);
                setPage(0);
              }}
            >
              {t('events.unreadOnly')}
            </CheckField>
            <Button size="sm" variant="outline" ms="auto" disabled={!events.data?.unread} onClick={() => void markAll()}>
              {t('events.markAllRead')}
            </Button>
          </Flex>
          <DataTable
            columns={columns}
            data={events.data?.items ?? []}
            label={t('tabs.events')}
            busy={events.loading}
            getRowId={(e) => e._id}
            empty={t('empty.filtered')}
            isHighlighted={(e) => !e.read}
          />
          <Pager pageIndex={page} pageSize={PAGE} total={events.data?.total ?? 0} onPageChange={setPage} />
        </>
      )}
    </Box>
  );
}

/** E-mail about firings: off, at once, or a daily digest (sent when the server has SMTP configured). */
function NotifySettings({ canWrite }: { canWrite: boolean }) {
  const { t } = useAlarmsTranslation();
  const errorText = useErrorText();
  const settings = useApi('settings', getAlarmSettings);
  const [email, setEmail] = useState('');
  const [notify, setNotify] = useState<NotifyMode>('off');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (settings.data) {
      setEmail(settings.data.email ?? '');
      setNotify(settings.data.notify);
    }
  }, [settings.data]);
  const save = async () => {
    setSaving(true);
    try {
      await saveAlarmSettings({ email: email.trim() || null, notify });
      toaster.create({ type: 'success', title: t('toast.saved') });
    } catch (error) {
      toaster.create({ type: 'error', title: t('toast.saveFailed'), description: errorText(error) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box borderWidth="1px" borderRadius="md" p="3">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" alignItems="end">
        <FormField label={t('settings.email')} htmlFor="notify-email">
          <Input id="notify-email" type="email" size="sm" value={email} disabled={!canWrite} onChange={(e) => setEmail(e.currentTarget.value)} />
        </FormField>
        <FormField label={t('settings.notify')} htmlFor="notify-mode">
          <SelectField id="notify-mode" value={notify} onChange={(v) => setNotify(v as NotifyMode)}>
            <option value="off">{t('settings.off')}</option>
            <option value="immediate">{t('settings.immediate')}</option>
            <option value="daily">{t('settings.daily')}</option>
          </SelectField>
        </FormField>
        <Button size="sm" variant="outline" disabled={!canWrite} loading={saving} onClick={() => void save()}>
          {t('settings.save')}
        </Button>
      </SimpleGrid>
    </Box>
  );
}
