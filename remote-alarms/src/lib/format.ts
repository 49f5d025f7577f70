import { useMemo } from 'react';
import type { Currency } from '@pricewatch/shared/contract';
import { formatMoney, intlLocale } from '@pricewatch/shared/format';
import { useAlarmsTranslation } from './i18n';

const COUNTRY_OF_CURRENCY: Record<Currency, string> = { UAH: 'ua', GEL: 'ge', CZK: 'cz', PLN: 'pl' };

/** Money, dates and times in the UI language. */
export function useFormatters() {
  const { i18n } = useAlarmsTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const locale = intlLocale(lang);
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const shortDay = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    return {
      money: (amount: number | null, currency: Currency) => (amount === null ? '—' : formatMoney(amount, COUNTRY_OF_CURRENCY[currency] ?? 'ua', lang)),
      number: (n: number) => number.format(n),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      day: (iso: string) => day.format(new Date(`${iso}T00:00:00Z`)),
      shortDay: (iso: string) => shortDay.format(new Date(`${iso}T00:00:00Z`)),
    };
  }, [lang]);
}
