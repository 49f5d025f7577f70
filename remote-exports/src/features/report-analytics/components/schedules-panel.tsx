import { memo, useId, useMemo, useState } from 'react';
import { Button, chakra, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { ExportSchedule, ExportTemplate, ScheduleFrequency } from '@pricewatch/shared/contract';
import { intlLocale } from '@pricewatch/shared/format';
import { DataTable, dataColumnHelper, type DataColumnDef } from '@pricewatch/shared/table';
import { EmptyState, LoadingState, toaster } from '@pricewatch/shared/ui';
import { LoadError } from '../../../components/load-error';
import { Panel } from '../../../components/panel';
import { useFormatters } from '../../../lib/format';
import { useExportsTranslation } from '../../../lib/i18n';
import { createSchedule, deleteSchedule, updateSchedule, useSchedules } from '../api/schedules';
import { useReportErrorText } from '../hooks/use-report-error';
import { SCHEDULE_FREQUENCIES } from '../limits';

const col = dataColumnHelper<ExportSchedule>();

type Draft = { id: string | null; template: string; frequency: ScheduleFrequency; time: string; dayOfWeek: number; dayOfMonth: number; enabled: boolean };
const blank = (template = ''): Draft => ({ id: null, template, frequency: 'daily', time: '07:00', dayOfWeek: 1, dayOfMonth: 1, enabled: true });

function Labelled({ label, children, width }: { label: string; children: (id: string) => React.ReactNode; width?: string }) {
  const id = useId();
  return (
    <Field.Root width={width ?? 'auto'}>
      <Field.Label htmlFor={id} fontSize="xs" color="fg.muted">
        {label}
      </Field.Label>
      {children(id)}
    </Field.Root>
  );
}

/**
 * Schedules: a template run daily, weekly or monthly at a time of day in the deployment's time zone;
 * each run adds a request to the list. Create, edit (the same form), switch off, delete — only with
 * `canWrite` (guests see the list).
 */
export const SchedulesPanel = memo(function SchedulesPanel({
  templates,
  version,
  onChanged,
  canWrite,
}: {
  templates: ExportTemplate[];
  version: number;
  onChanged: () => void;
  canWrite: boolean;
}) {
  const { t } = useExportsTranslation();
  const f = useFormatters();
  const errorText = useReportErrorText();
  const schedules = useSchedules(version);
  const [draft, setDraft] = useState<Draft>(() => blank());
  const template = draft.template || templates[0]?._id || '';
  const days = useMemo(() => {
    // 2024-01-01 was a Monday: weekday names in the UI language, Monday first.
    const fmt = new Intl.DateTimeFormat(intlLocale(f.lang), { weekday: 'long', timeZone: 'UTC' });
    return Array.from({ length: 7 }, (_, i) => fmt.format(new Date(Date.UTC(2024, 0, 1 + i))));
  }, [f.lang]);

  const when = (s: Pick<ExportSchedule, 'frequency' | 'time' | 'dayOfWeek' | 'dayOfMonth'>) =>
    s.frequency === 'weekly'
      ? t('reportAnalytics.schedules.weeklyAt', { day: days[(s.dayOfWeek ?? 1) - 1], time: s.time })
      : s.frequency === 'monthly'
        ? t('reportAnalytics.schedules.monthlyAt', { day: s.dayOfMonth, time: s.time })
        : t('reportAnalytics.schedules.dailyAt', { time: s.time });

  const save = async () => {
    const body = {
      template,
      frequency: draft.frequency,
      time: draft.time,
      dayOfWeek: draft.frequency === 'weekly' ? draft.dayOfWeek : null,
      dayOfMonth: draft.frequency === 'monthly' ? draft.dayOfMonth : null,
      enabled: draft.enabled,
    };
    try {
      if (draft.id) await updateSchedule(draft.id, body);
      else await createSchedule(body);
      setDraft(blank(template));
      onChanged();
      toaster.create({ type: 'success', title: t('reportAnalytics.schedules.saved'), duration: 4000 });
    } catch (error) {
      toaster.create({ type: 'error', title: t('reportAnalytics.schedules.saveFailed'), description: errorText(error), closable: true, duration: 8000 });
    }
  };

  const remove = async (s: ExportSchedule) => {
    try {
      await deleteSchedule(s._id);
      if (draft.id === s._id) setDraft(blank(template));
      onChanged();
    } catch (error) {
      toaster.create({ type: 'error', title: t('reportAnalytics.schedules.deleteFailed'), description: errorText(error), closable: true, duration: 8000 });
    }
  };

  const columns = useMemo<DataColumnDef<ExportSchedule>[]>(
    () =>
      col.columns([
        col.accessor('template', {
          header: t('reportAnalytics.schedules.columns.template'),
          enableSorting: false,
          meta: { wrap: true },
          cell: (c) => c.getValue().name,
        }),
        col.accessor('frequency', { header: t('reportAnalytics.schedules.columns.when'), enableSorting: false, cell: (c) => when(c.row.original) }),
        col.accessor('nextRunAt', {
          header: t('reportAnalytics.schedules.columns.next'),
          enableSorting: false,
          cell: (c) =>
            c.row.original.enabled && c.getValue() ? (
              <Text>
                {new Date(c.getValue()!).toLocaleString(intlLocale(f.lang), { timeZone: c.row.original.timeZone, dateStyle: 'medium', timeStyle: 'short' })}
              </Text>
            ) : (
              <Text color="fg.muted">{t('reportAnalytics.schedules.off')}</Text>
            ),
        }),
        col.accessor('timeZone', { header: t('reportAnalytics.schedules.columns.timeZone'), enableSorting: false, cell: (c) => c.getValue() }),
        ...(canWrite
          ? [
              col.display({
                id: 'actions',
                header: t('reportAnalytics.schedules.columns.actions'),
                cell: (c) => {
                  const s = c.row.original;
                  return (
                    <HStack gap="1" justify="flex-end">
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={t('reportAnalytics.schedules.editNamed', { name: s.template.name })}
                        onClick={() =>
                          setDraft({
                            id: s._id,
                            template: s.template._id,
                            frequency: s.frequency,
                            time: s.time,
                            dayOfWeek: s.dayOfWeek ?? 1,
                            dayOfMonth: s.dayOfMonth ?? 1,
                            enabled: s.enabled,
                          })
                        }
                      >
                        {t('reportAnalytics.schedules.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="ghost"
                        aria-label={t('reportAnalytics.schedules.deleteNamed', { name: s.template.name })}
                        onClick={() => void remove(s)}
                      >
                        {t('reportAnalytics.schedules.delete')}
                      </Button>
                    </HStack>
                  );
                },
              }),
            ]
          : []),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, f, days, draft.id, template, canWrite],
  );

  return (
    <Panel title={t('reportAnalytics.schedules.title')} description={t('reportAnalytics.schedules.description')} headingId="report-schedules">
      <Stack gap="4">
        {!canWrite ? null : templates.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('reportAnalytics.schedules.needTemplate')}
          </Text>
        ) : (
          <HStack
            as="form"
            aria-label={draft.id ? t('reportAnalytics.schedules.editForm') : t('reportAnalytics.schedules.newForm')}
            gap="3"
            align="flex-end"
            wrap="wrap"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <Labelled label={t('reportAnalytics.schedules.columns.template')}>
              {(id) => (
                <NativeSelect.Root size="sm" width="14rem">
                  <NativeSelect.Field id={id} value={template} onChange={(e) => setDraft((d) => ({ ...d, template: e.target.value }))}>
                    {templates.map((x) => (
                      <option key={x._id} value={x._id}>
                        {x.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </Labelled>
            <Labelled label={t('reportAnalytics.schedules.frequency')}>
              {(id) => (
                <NativeSelect.Root size="sm" width="9rem">
                  <NativeSelect.Field
                    id={id}
                    value={draft.frequency}
                    onChange={(e) => setDraft((d) => ({ ...d, frequency: e.target.value as ScheduleFrequency }))}
                  >
                    {SCHEDULE_FREQUENCIES.map((fr) => (
                      <option key={fr} value={fr}>
                        {t(`reportAnalytics.schedules.frequencies.${fr}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </Labelled>
            {draft.frequency === 'weekly' && (
              <Labelled label={t('reportAnalytics.schedules.dayOfWeek')}>
                {(id) => (
                  <NativeSelect.Root size="sm" width="10rem">
                    <NativeSelect.Field
                      id={id}
                      value={String(draft.dayOfWeek)}
                      onChange={(e) => setDraft((d) => ({ ...d, dayOfWeek: Number(e.target.value) }))}
                    >
                      {days.map((name, i) => (
                        <option key={name} value={i + 1}>
                          {name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                )}
              </Labelled>
            )}
            {draft.frequency === 'monthly' && (
              <Labelled label={t('reportAnalytics.schedules.dayOfMonth')}>
                {(id) => (
                  <NativeSelect.Root size="sm" width="6rem">
                    <NativeSelect.Field
                      id={id}
                      value={String(draft.dayOfMonth)}
                      onChange={(e) => setDraft((d) => ({ ...d, dayOfMonth: Number(e.target.value) }))}
                    >
                      {Array.from({ length: 28 }, (_, i) => (
                        <option key={i} value={i + 1}>
                          {i + 1}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                )}
              </Labelled>
            )}
            <Labelled label={t('reportAnalytics.schedules.time')}>
              {(id) => (
                <Input id={id} type="time" size="sm" width="8rem" value={draft.time} onChange={(e) => setDraft((d) => ({ ...d, time: e.target.value }))} />
              )}
            </Labelled>
            <chakra.label display="flex" alignItems="center" gap="2" fontSize="sm" pb="1.5">
              <input type="checkbox" checked={draft.enabled} onChange={(e) => setDraft((d) => ({ ...d, enabled: e.target.checked }))} />
              {t('reportAnalytics.schedules.enabled')}
            </chakra.label>
            <Button type="submit" size="sm" disabled={!template || !draft.time}>
              {draft.id ? t('reportAnalytics.schedules.update') : t('reportAnalytics.schedules.create')}
            </Button>
            {draft.id && (
              <Button size="sm" variant="ghost" onClick={() => setDraft(blank(template))}>
                {t('reportAnalytics.schedules.cancel')}
              </Button>
            )}
          </HStack>
        )}
        {schedules.error ? (
          <LoadError title={t('reportAnalytics.schedules.loadError')} error={schedules.error} onRetry={schedules.reload} />
        ) : schedules.data === undefined ? (
          <LoadingState />
        ) : schedules.data.length === 0 ? (
          <EmptyState title={t('reportAnalytics.schedules.empty')} />
        ) : (
          <DataTable label={t('reportAnalytics.schedules.tableLabel')} columns={columns} data={schedules.data} getRowId={(s) => s._id} />
        )}
      </Stack>
    </Panel>
  );
});
