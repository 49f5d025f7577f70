import { useMemo } from 'react';
import type { Currency } from '@pricewatch/shared/contract';
import { dayFormatter, formatPrice, intlLocale } from '@pricewatch/shared/format';
import { useLeafletsTranslation } from './i18n';

/** `YYYY-MM-DD` (answers) → `MM/DD/YYYY` (requests, spec: US short dates). */
export function isoToUs(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

/** Money, percentages, numbers and dates in the UI language. */
export function useFormatters() {
  const { i18n } = useLeafletsTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const locale = intlLocale(lang);
    const day = dayFormatter(lang);
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    return {
      money: (amount: number | null | undefined, currency: Currency) => formatPrice(amount, currency, lang),
      number: (n: number | null | undefined) => (n === null || n === undefined ? '—' : number.format(n)),
      percent: (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${percent.format(n)} %`),
      day,
      period: (start: string, end: string) => `${day(start)} – ${day(end)}`,
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
    };
  }, [lang]);
}
