import { useId } from 'react';
import { Button, Field, HStack } from '@chakra-ui/react';
import { DateField } from '@pricewatch/shared/ui';
import { useExportsTranslation } from '../lib/i18n';
import { lastDays, periodProblem, type Period } from '../lib/period';

export type PeriodFieldsProps = {
  value: Period;
  onChange: (period: Period) => void;
  /** Longest period the call accepts, in days. */
  maxDays: number;
  /** Quick choices, in days back from today. */
  presets?: number[];
};

/**
 * Start and end dates of a period, with quick choices. A start after the end (or a period longer
 * than the call allows) is shown on the field and the caller sends nothing until it is fixed.
 */
export function PeriodFields({ value, onChange, maxDays, presets = [30, 90, 365] }: PeriodFieldsProps) {
  const { t } = useExportsTranslation();
  const id = useId();
  const problem = periodProblem(value, maxDays);
  const message = problem && t(`period.problems.${problem.problem}`, { max: maxDays });
  return (
    <HStack gap="3" align="flex-start" wrap="wrap">
      <Field.Root invalid={problem?.field === 'start'} width="auto">
        <Field.Label htmlFor={`${id}-start`} fontSize="xs" color="fg.muted">
          {t('period.start')}
        </Field.Label>
        <DateField id={`${id}-start`} value={value.start} invalid={problem?.field === 'start'} onChange={(start) => onChange({ ...value, start })} />
        {problem?.field === 'start' && <Field.ErrorText>{message}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={problem?.field === 'end'} width="auto">
        <Field.Label htmlFor={`${id}-end`} fontSize="xs" color="fg.muted">
          {t('period.end')}
        </Field.Label>
        <DateField id={`${id}-end`} value={value.end} invalid={problem?.field === 'end'} onChange={(end) => onChange({ ...value, end })} />
        {problem?.field === 'end' && <Field.ErrorText>{message}</Field.ErrorText>}
      </Field.Root>
      <HStack gap="1" alignSelf="flex-end" role="group" aria-label={t('period.presets')} pb={problem ? '6' : '0'}>
        {presets
          .filter((days) => days <= maxDays)
          .map((days) => {
            const preset = lastDays(days);
            const active = preset.start === value.start && preset.end === value.end;
            return (
              <Button key={days} size="xs" variant={active ? 'subtle' : 'ghost'} aria-pressed={active} onClick={() => onChange(preset)}>
                {t('period.lastDays', { days })}
              </Button>
            );
          })}
      </HStack>
    </HStack>
  );
}
