import { useMemo } from 'react';
import { dayFormatter, formatPrice, intlLocale } from '@pricewatch/shared/format';
import type { Currency } from '@pricewatch/shared/contract';
import { useExportsTranslation } from './i18n';

export type Formatters = ReturnType<typeof makeFormatters>;

function makeFormatters(lang: string) {
  const locale = intlLocale(lang);
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const amount = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const decimal1 = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const day = dayFormatter(lang);
  const shortDay = dayFormatter(lang, { day: 'numeric', month: 'short' });
  return {
    lang,
    /** A price in its currency, per the UI language (39,90 Kč; ₴39.90; …). */
    money(amount: number, currency: Currency): string {
      return formatPrice(amount, currency, lang);
    },
    /** A price's number without its currency (a chart's axis on a phone, the currency named once): 39,9. */
    amount(n: number): string {
      return amount.format(n);
    },
    /** A whole number with grouping. */
    count(n: number): string {
      return integer.format(n);
    },
    /** A net quantity as written on packs: 0.5, 1, 1.5. */
    quantity(n: number): string {
      return quantity.format(n);
    },
    /** 12.5 % style, one decimal. */
    percent(n: number): string {
      return `${decimal1.format(n)} %`;
    },
    /** An index or ratio with one decimal. */
    decimal(n: number): string {
      return decimal1.format(n);
    },
    /** An ISO calendar day in the UI language: 3 Mar 2026. */
    day(iso: string): string {
      return day(iso);
    },
    /** An ISO day without the year, for chart axes: 3 Mar. */
    shortDay(iso: string): string {
      return shortDay(iso);
    },
  };
}

/** Number, money and date formatting in the current UI language. */
export function useFormatters(): Formatters {
  const { i18n } = useExportsTranslation();
  const lang = i18n.language;
  return useMemo(() => makeFormatters(lang), [lang]);
}
