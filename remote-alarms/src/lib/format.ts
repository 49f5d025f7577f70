import { useMemo } from 'react';
import type { Currency } from '@pricewatch/shared/contract';
import { dayFormatter, formatPrice, intlLocale } from '@pricewatch/shared/format';
import { useAlarmsTranslation } from './i18n';

/** Money, dates and times in the UI language. */
export function useFormatters() {
  const { i18n } = useAlarmsTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const locale = intlLocale(lang);
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const day = dayFormatter(lang);
    const shortDay = dayFormatter(lang, { day: 'numeric', month: 'short' });
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    return {
      money: (amount: number | null, currency: Currency) => formatPrice(amount, currency, lang),
      number: (n: number) => number.format(n),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      day,
      shortDay,
    };
  }, [lang]);
}
