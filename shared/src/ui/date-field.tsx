import { useMemo } from 'react';
import { DatePicker, IconButton, Portal, parseDate, type DatePickerValueChangeDetails, type DateValue } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../format/money';

export type DateFieldProps = {
  /** The input's id: a Field.Label's htmlFor points at it. */
  id?: string;
  /**
   * The day as an ISO `YYYY-MM-DD` string, '' for none: what `<input type="date">` held, so the screens
   * keep turning it into the spec's US date when they send it. What the user sees follows the UI language.
   */
  value: string;
  onChange: (value: string) => void;
  /** Earliest and latest day that can be picked, ISO. */
  min?: string;
  max?: string;
  invalid?: boolean;
  disabled?: boolean;
  required?: boolean;
  name?: string;
  size?: 'xs' | 'sm' | 'md';
  /** Width of the whole field (input and calendar button). */
  width?: string;
  /** False inside a dialog: a calendar portalled out of the dialog would sit outside its focus trap. */
  portalled?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string;
};

const toDateValue = (iso: string | undefined): DateValue | undefined => {
  if (!iso) return undefined;
  try {
    return parseDate(iso);
  } catch {
    return undefined;
  }
};

/**
 * One calendar day, typed or picked, in the UI language (spec §9: the Ukrainian locale is uk): month
 * names, the first day of the week and the typed format (11/25/2026 in en, 25.11.2026 in ru, ua, pl)
 * follow it, while the value stays an ISO day. Chakra's DatePicker (Ark/Zag): keyboard-usable.
 */
export function DateField({
  id,
  value,
  onChange,
  min,
  max,
  invalid,
  disabled,
  required,
  name,
  size = 'sm',
  width = '10.5rem',
  portalled = true,
  'aria-label': ariaLabel,
  'aria-describedby': ariaDescribedBy,
}: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const selected = toDateValue(value);
  const pickerValue = useMemo(() => (selected ? [selected] : []), [selected?.toString()]); // eslint-disable-line react-hooks/exhaustive-deps

  const translations = useMemo(
    () => ({
      trigger: (open: boolean) => (open ? t('common.date.close') : t('common.date.open')),
      prevTrigger: (view: string) => t(`common.date.prev.${view}`),
      nextTrigger: (view: string) => t(`common.date.next.${view}`),
      viewTrigger: (view: string, nextView?: string) => t(`common.date.view.${nextView ?? view}`),
      dayCell: (state: { valueText: string; selected: boolean; unavailable: boolean }) => {
        if (state.unavailable) return t('common.date.unavailable', { date: state.valueText });
        if (state.selected) return t('common.date.selected', { date: state.valueText });
        return t('common.date.choose', { date: state.valueText });
      },
      content: t('common.date.calendar'),
      clearTrigger: t('common.date.clear'),
      monthSelect: t('common.date.month'),
      yearSelect: t('common.date.year'),
    }),
    [t],
  );

  // The typed format spelled in the language's letters (dd.mm.гггг): the library's own is English only.
  const placeholder = useMemo(() => {
    const letters: Record<string, string> = {
      day: t('common.date.letters.day'),
      month: t('common.date.letters.month'),
      year: t('common.date.letters.year'),
    };
    return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' })
      .formatToParts(new Date(2026, 10, 25))
      .map((part) => letters[part.type] ?? part.value)
      .join('');
  }, [locale, t]);

  const handleChange = (details: DatePickerValueChangeDetails) => {
    const next = details.value[0]?.toString() ?? '';
    if (next !== value) onChange(next);
  };

  const content = (
    <DatePicker.Positioner>
      <DatePicker.Content>
        <DatePicker.View view="day">
          <DatePicker.Header />
          <DatePicker.DayTable />
        </DatePicker.View>
        <DatePicker.View view="month">
          <DatePicker.Header />
          <DatePicker.MonthTable />
        </DatePicker.View>
        <DatePicker.View view="year">
          <DatePicker.Header />
          <DatePicker.YearTable />
        </DatePicker.View>
      </DatePicker.Content>
    </DatePicker.Positioner>
  );

  return (
    <DatePicker.Root
      // A new language re-creates the machine: month names and week start are read when it starts.
      key={locale}
      locale={locale}
      value={pickerValue}
      onValueChange={handleChange}
      min={toDateValue(min)}
      max={toDateValue(max)}
      invalid={invalid}
      disabled={disabled}
      required={required}
      name={name}
      size={size}
      width={width}
      maxWidth="full"
      translations={translations}
      placeholder={placeholder}
      ids={id ? { input: () => id } : undefined}
      positioning={{ placement: 'bottom-start' }}
      // The calendar is drawn only while open: screens hold several fields, most never opened.
      lazyMount
      unmountOnExit
    >
      <DatePicker.Control>
        <DatePicker.Input aria-label={ariaLabel} aria-describedby={ariaDescribedBy} />
        <DatePicker.IndicatorGroup>
          <DatePicker.Trigger asChild>
            <IconButton variant="ghost" size="2xs" disabled={disabled}>
              <CalendarIcon />
            </IconButton>
          </DatePicker.Trigger>
        </DatePicker.IndicatorGroup>
      </DatePicker.Control>
      {portalled ? <Portal>{content}</Portal> : content}
    </DatePicker.Root>
  );
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
    </svg>
  );
}
