import { useId } from 'react';
import { Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { PROMO_GROUPS, type NetworkSummary, type PromoGroup } from '@pricewatch/shared/contract';
import { DateField } from '@pricewatch/shared/ui';
import { useLeafletsTranslation } from '../../../lib/i18n';

/** The filter as the screen keeps it: days as YYYY-MM-DD (the date inputs' format). */
export type PromoFilter = { start: string; end: string; groupBy: PromoGroup; networks: string[] };

export type PeriodProblem = { field: 'start' | 'end'; key: 'required' | 'endBeforeStart' | 'tooLong' } | null;

const DAY_MS = 86_400_000;

/** Why the period cannot be sent yet, if it cannot. */
export function periodProblem(f: PromoFilter, maxDays: number): PeriodProblem {
  if (!f.start) return { field: 'start', key: 'required' };
  if (!f.end) return { field: 'end', key: 'required' };
  if (f.end < f.start) return { field: 'end', key: 'endBeforeStart' };
  if ((Date.parse(f.end) - Date.parse(f.start)) / DAY_MS + 1 > maxDays) return { field: 'end', key: 'tooLong' };
  return null;
}

/** The last `days` days up to today (UTC dates, as the server counts them). */
export function lastDays(days: number, now = Date.now()): { start: string; end: string } {
  const end = new Date(now).toISOString().slice(0, 10);
  const start = new Date(Date.parse(end) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { start, end };
}

const GROUP_LABEL_KEYS = { network: 'promo.groupBy.network', brand: 'promo.groupBy.brand', section: 'promo.groupBy.section' } as const;

/** Period, grouping and networks of the analysis. No network chosen = every visible network. */
export function PromoFilters({
  value,
  onChange,
  networks,
  maxDays,
}: {
  value: PromoFilter;
  onChange: (next: Partial<PromoFilter>) => void;
  networks: NetworkSummary[];
  maxDays: number;
}) {
  const { t } = useLeafletsTranslation();
  const id = useId();
  const problem = periodProblem(value, maxDays);
  const problemText =
    problem &&
    (problem.key === 'required'
      ? t('promo.period.required')
      : problem.key === 'endBeforeStart'
        ? t('promo.period.endBeforeStart')
        : t('promo.period.tooLong', { max: maxDays }));
  const chosen = new Set(value.networks);
  const toggle = (code: string) => onChange({ networks: chosen.has(code) ? value.networks.filter((c) => c !== code) : [...value.networks, code] });

  return (
    <Stack gap="4" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }} shadow="xs" as="section" aria-label={t('promo.filters')}>
      <HStack gap="4" align="flex-start" wrap="wrap">
        <Field.Root invalid={problem?.field === 'start'} width="auto">
          <Field.Label htmlFor={`${id}-start`} fontSize="xs" color="fg.muted">
            {t('promo.period.start')}
          </Field.Label>
          <DateField id={`${id}-start`} value={value.start} invalid={problem?.field === 'start'} onChange={(start) => onChange({ start })} />
          {problem?.field === 'start' && <Field.ErrorText>{problemText}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={problem?.field === 'end'} width="auto">
          <Field.Label htmlFor={`${id}-end`} fontSize="xs" color="fg.muted">
            {t('promo.period.end')}
          </Field.Label>
          <DateField id={`${id}-end`} value={value.end} invalid={problem?.field === 'end'} onChange={(end) => onChange({ end })} />
          {problem?.field === 'end' && <Field.ErrorText>{problemText}</Field.ErrorText>}
        </Field.Root>
        <HStack gap="1" alignSelf="flex-end" wrap="wrap" role="group" aria-label={t('promo.period.presets')}>
          {[28, 91, 365].map((days) => {
            const preset = lastDays(days);
            const active = preset.start === value.start && preset.end === value.end;
            return (
              <Button key={days} size="xs" variant={active ? 'subtle' : 'ghost'} aria-pressed={active} onClick={() => onChange(preset)}>
                {t('promo.period.lastWeeks', { weeks: Math.round(days / 7) })}
              </Button>
            );
          })}
        </HStack>
        <Field.Root width="auto">
          <Field.Label htmlFor={`${id}-group`} fontSize="xs" color="fg.muted">
            {t('promo.groupBy.label')}
          </Field.Label>
          <NativeSelect.Root size="sm" width="12rem">
            <NativeSelect.Field id={`${id}-group`} value={value.groupBy} onChange={(e) => onChange({ groupBy: e.target.value as PromoGroup })}>
              {PROMO_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {t(GROUP_LABEL_KEYS[g])}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      <Stack gap="1">
        <Text fontSize="xs" color="fg.muted" id={`${id}-networks`}>
          {t('promo.networks.label')}
        </Text>
        <HStack gap="2" wrap="wrap" role="group" aria-labelledby={`${id}-networks`}>
          <Button size="xs" variant={chosen.size === 0 ? 'subtle' : 'outline'} aria-pressed={chosen.size === 0} onClick={() => onChange({ networks: [] })}>
            {t('promo.networks.all')}
          </Button>
          {networks.map((n) => {
            const on = chosen.has(n.code);
            return (
              <Button key={n.code} size="xs" variant={on ? 'subtle' : 'outline'} aria-pressed={on} onClick={() => toggle(n.code)}>
                {n.name}
              </Button>
            );
          })}
        </HStack>
      </Stack>
    </Stack>
  );
}
